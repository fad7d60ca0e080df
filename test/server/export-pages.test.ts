/**
 * Exports read their rows without OFFSET (server/domain/exports/export-pages.ts): the leads CSV in time
 * order window by window, in any other order by keyset, the invoices CSV by keyset; each file
 * holds exactly the rows one ordered read of everything gives, in the same order, across many
 * batches, with NULLs and equal values in the sort column and microseconds in the timestamps.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { invoices } from '../../server/db/schema/billing';
import { accounts } from '../../server/db/schema/shell';
import { invoicesWhere } from '../../server/domain/billing/invoices';
import { invoicesExporter } from '../../server/domain/billing/invoices-export';
import { timeWindows } from '../../server/domain/exports/export-pages';
import { leadsExporter } from '../../server/domain/leads/leads-export';
import { leadsWhere } from '../../server/domain/leads/leads-filters';
import { leadRowsQuery, orderOf } from '../../server/domain/leads/leads-list';
import type { ExportBody } from '../../src/api/contracts/toolbar';
import { dbKinds, franchiseId, startApp, type TestApp } from './helpers';

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const line of lines) all.push(line);
  return all;
}

describe('time windows', () => {
  // 9,000 instants with microsecond-looking spread and bursts (many in one millisecond).
  const instants = Array.from(
    { length: 9000 },
    (_, i) => 1_700_000_000_000 + ((i % 7 === 0 ? 5 : i * 9137) % 86_400_000) * 40,
  );
  const from = new Date(Math.min(...instants));
  const until = new Date(Math.max(...instants) + 1);

  it.each([true, false])(
    'yields every row once, in order (descending %s), in batches near the aim',
    async (descending) => {
      const reads: number[] = [];
      const read = async (lo: Date, hi: Date) => {
        const rows = instants.filter((t) => t >= lo.getTime() && t < hi.getTime()).sort((a, b) => a - b);
        reads.push(rows.length);
        return descending ? rows.reverse() : rows;
      };
      const out: number[] = [];
      for await (const rows of timeWindows(from, until, descending, 500, read)) out.push(...rows);
      const expected = [...instants].sort((a, b) => (descending ? b - a : a - b));
      expect(out).toEqual(expected);
      // Adapted windows: after the first few, none holds many times the aim.
      expect(Math.max(...reads.slice(4))).toBeLessThan(500 * 8);
    },
  );
});

describe.each(dbKinds)('exports without OFFSET on %s', (kind) => {
  let t: TestApp;
  let organizationId: number;
  const zone = 'America/Chicago';

  beforeAll(async () => {
    t = await startApp(kind);
    organizationId = await franchiseId(t.db);
    // Leads that share a city (and have none), several in one microsecond-precise instant.
    await t.db.execute(sql`
      insert into leads (account_id, ref_id, lead_type, name, service, city, channel, provider, source, created_at)
      select (select min(id) from accounts where organization_id = ${organizationId}), 'pages-' || g,
        'Form', 'Pages Test', 'Roofing', case when g % 3 = 0 then null else 'Samecity' end, 'Paid Search', 'google',
        'Google Ads', timestamptz '2026-11-10 15:00:00.123456+00' + (g % 4) * interval '1 microsecond'
      from generate_series(1, 40) g`);
  });
  afterAll(() => t?.close());

  const body = (order_by: string, order: 'asc' | 'desc'): ExportBody => ({
    start_date: '2025-06-01',
    end_date: '2026-11-20',
    order,
    order_by,
  });

  it.each([
    ['created_at', 'desc'],
    ['created_at', 'asc'],
    ['city', 'desc'],
    ['city', 'asc'],
    ['cost', 'desc'],
  ] as const)('the leads file by %s %s holds every lead once, in the table order', async (orderBy, order) => {
    const scope = { organizationId, timeZone: zone };
    const lines = await collect(leadsExporter.lines(t.db, { scope, body: body(orderBy, order) }));
    const expected = await leadRowsQuery(t.db, leadsWhere(scope, body(orderBy, order))).orderBy(
      ...orderOf({ order, order_by: orderBy }),
    );
    expect(expected.length).toBeGreaterThan(4000); // more than two batches
    expect(lines.length - 1).toBe(expected.length);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expected.map((r) => r.ref_id));
  });

  it.each(['desc', 'asc'] as const)(
    'the invoices file (%s) holds every invoice once, in the list order',
    async (order) => {
      const [owner] = await rowsOf<{ organization_id: number }>(
        t.db,
        sql`select a.organization_id from invoices i join accounts a on a.id = i.account_id group by 1 order by count(*) desc limit 1`,
      );
      // Enough invoices for several batches, many in the same instant.
      await t.db.execute(sql`
      insert into invoices (account_id, ref_id, name, product_key, product_name, status, amount_cents,
        outstanding_amount_cents, due_date, created_at)
      select (select min(i.account_id) from invoices i join accounts a on a.id = i.account_id where a.organization_id = ${owner.organization_id}),
        'pages-' || ${order} || '-' || g, 'INV-P' || g, 'bpr_reports', 'BPR Reports', 'Paid', 1000, 0, date '2026-12-01',
        timestamptz '2026-11-02 10:00:00.654321+00' + (g % 50) * interval '1 microsecond'
      from generate_series(1, 4500) g`);
      const scope = { organizationId: owner.organization_id, timeZone: zone };
      const exportBody = { start_date: '2025-01-01', end_date: '2026-11-20', order };
      const lines = await collect(invoicesExporter.lines(t.db, { scope, body: exportBody }));
      const direction = order === 'asc' ? asc : desc;
      const expected = await t.db
        .select({ name: invoices.name })
        .from(invoices)
        .innerJoin(accounts, eq(accounts.id, invoices.account_id))
        .where(invoicesWhere(scope, exportBody))
        .orderBy(direction(invoices.created_at), direction(invoices.id));
      expect(expected.length).toBeGreaterThan(4000);
      expect(lines.length - 1).toBe(expected.length);
      expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(expected.map((r) => r.name));
    },
  );
});
