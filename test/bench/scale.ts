/**
 * The leads reads as the data grows (issue 26): the demo seed, then the franchise's leads copied
 * up to BENCH_SCALES times their number (default 1,10 on PGlite and 1,10,100 on PostgreSQL), and
 * at each size: a one-year range never asked before (statistics alone, and the leads page 1 with
 * them), the franchise's year report (overview) and the rollup rows it reads, the year's leads export written to nowhere, a
 * change of the franchise's time zone (which recounts its rollup of local days), and this process's memory. In-process, on the domain functions the routes call: the figures are the
 * database's work, not HTTP's. Printed only, each beside its target where the issue sets one.
 *
 * Run alone: `node --import tsx test/bench/scale.ts [pglite|postgres]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DbHandle, openDb, rowsOf } from '../../server/db/client';
import { leadsExporter } from '../../server/domain/leads/leads-export';
import { listLeads, statistics } from '../../server/domain/leads/leads-list';
import { overviewReport } from '../../server/domain/performance/perf-overview';
import { seedDemo } from '../../server/seed/index';
import { addDays } from '../../src/lib/date-range';
import { figure, median } from './budget';

type Kind = 'pglite' | 'postgres';

const TODAY = '2026-11-20';

async function open(kind: Kind): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
    const handle = await openDb({ dataDir: join(dir, 'pglite') });
    return { handle, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `portal_bench_scale_${process.pid}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await admin(`CREATE DATABASE "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: target.toString() });
  return { handle, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** Copies the franchise's seeded leads until it holds `factor` times as many (a few minutes apart). */
async function grow(handle: DbHandle, organizationId: number, seeded: number, factor: number) {
  const [{ n }] = await rowsOf<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from leads join accounts a on a.id = leads.account_id where a.organization_id = ${organizationId}`,
  );
  for (let copy = Math.round(n / seeded); copy < factor; copy += 1) {
    await handle.db.execute(sql`
      insert into leads (account_id, campaign_id, ref_id, lead_type, name, phone_number, email, address, city, state,
        zipcode, service, cost_cents, billable, channel, provider, source, device, created_at)
      select l.account_id, l.campaign_id, l.ref_id || '-x' || ${copy}, l.lead_type, l.name, l.phone_number, l.email,
        l.address, l.city, l.state, l.zipcode, l.service, l.cost_cents, l.billable, l.channel, l.provider, l.source,
        l.device, l.created_at - ${copy * 7} * interval '1 minute'
      from leads l join accounts a on a.id = l.account_id
      where a.organization_id = ${organizationId} and l.ref_id not like '%-x%'`);
  }
  // As autovacuum leaves tables that grew over months: the leads' visibility map and hint bits set,
  // so the first read after a bulk copy does not write the whole table back (it doubled the
  // export), and the rollups without the dead rows of the copies' upserts (each copy updates every
  // row of lead_day_breakdowns once: 99 copies left it 40 times its live size, 260 MB for 57k rows).
  await handle.db.execute(sql`vacuum analyze`);
}

async function timed<T>(runs: number, work: (run: number) => Promise<T>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work(run);
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function benchScale(kind: Kind, factors: number[]) {
  console.log(
    `\nLeads at ${factors.join('x, ')}x the demo data (${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
  );
  const { handle, drop } = await open(kind);
  try {
    await seedDemo(handle.db, { seed: 20261001, today: TODAY });
    const [franchise] = await rowsOf<{ organization_id: number; user_id: number; zone: string; n: number }>(
      handle.db,
      sql`select a.organization_id, min(u.id)::int as user_id, min(o.time_zone) as zone, count(distinct a.id)::int as n
        from accounts a join users u on u.organization_id = a.organization_id
        join organizations o on o.id = a.organization_id
        group by a.organization_id order by n desc limit 1`,
    );
    const scope = { organizationId: franchise.organization_id, timeZone: franchise.zone };
    const caller = { userId: franchise.user_id, ...scope };
    const [{ n: seeded }] = await rowsOf<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from leads join accounts a on a.id = leads.account_id where a.organization_id = ${scope.organizationId}`,
    );
    let asked = 0;
    /** A one-year range ending on a day not asked before (nothing in any cache can answer it). */
    const newYear = () => {
      asked += 1;
      const end = addDays(TODAY, -asked);
      return { start_date: addDays(end, -364), end_date: end };
    };
    const base = { page: 1, per_page: 20, order: 'desc', order_by: 'created_at' } as const;
    for (const factor of factors) {
      await grow(handle, scope.organizationId, seeded, factor);
      console.log(`  ${factor}x: the franchise holds ${(seeded * factor).toLocaleString('en-US')} leads`);
      const stats = await timed(5, () =>
        statistics(handle.db, scope, { ...base, ...newYear() }, caller.userId),
      );
      console.log(
        figure('    statistics, a new one-year range', stats, 'ms', factor === 100 ? { max: 300 } : null),
      );
      const page = await timed(5, () =>
        listLeads(handle.db, scope, { ...base, ...newYear() }, caller.userId, () => []),
      );
      console.log(figure('    leads page 1 of a new one-year range', page, 'ms', null));
      const report = await timed(3, () => overviewReport(handle.db, caller, newYear()));
      console.log(figure('    overview report, a new one-year range', report, 'ms', null));
      const [{ n: rollupRows }] = await rowsOf<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from lead_day_breakdowns b join accounts a on a.id = b.account_id
          where a.organization_id = ${scope.organizationId} and b.day > ${addDays(TODAY, -366)}::date`,
      );
      console.log(figure('    overview rollup rows of a year', rollupRows, 'rows', null));
      let rows = 0;
      const exported = await timed(1, async () => {
        for await (const _line of leadsExporter.lines(handle.db, {
          scope,
          body: { ...newYear(), order: 'desc' },
        }))
          rows += 1;
      });
      console.log(
        figure(
          `    leads export of a year (${(rows - 1).toLocaleString('en-US')} rows)`,
          exported / 1000,
          's',
          factor === 100 ? { max: 60 } : null,
        ),
      );
      // The profile form can change the zone; the rollup of local days is then recounted in that
      // statement (migration 0012). There and back, so the next size starts alike.
      const zones = ['Pacific/Chatham', scope.timeZone];
      const rezoned = await timed(2, (run) =>
        handle.db.execute(
          sql`update organizations set time_zone = ${zones[run]} where id = ${scope.organizationId}`,
        ),
      );
      console.log(figure('    a change of its time zone (rollup recounted)', rezoned / 1000, 's', null));
      console.log(figure('    this process, resident', process.memoryUsage().rss / 2 ** 20, 'MB', null));
    }
  } finally {
    await handle.close();
    await drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kind = (process.argv[2] as Kind) ?? 'pglite';
  const factors = (process.env.BENCH_SCALES ?? (kind === 'pglite' ? '1,10' : '1,10,100'))
    .split(',')
    .map(Number);
  await benchScale(kind, factors);
}
