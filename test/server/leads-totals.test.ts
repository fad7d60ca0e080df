/**
 * The leads rollup (lead_day_totals, migration 0008) and the statistics read from it
 * (server/domain/leads/leads-totals.ts): equal to the leads per account and UTC day after the seed and
 * after inserts, updates and deletes; and a range's totals equal the leads counted one by one, for
 * zones whose midnight is not a UTC hour, across a daylight-saving change, for a location subset.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { fromDay, type LeadScope, untilDay } from '../../server/domain/leads/leads-filters';
import { type PeriodTotals, rangeTotals } from '../../server/domain/leads/leads-totals';
import type { LeadsQuery } from '../../src/api/contracts/leads';
import { addDays } from '../../src/lib/date-range';
import { dbKinds, franchiseId, newestLeadDay, startApp, type TestApp } from './helpers';

const MISMATCHES = sql`
  select count(*)::int as n from (
    select account_id, (created_at at time zone 'UTC')::date as day, count(*) as total,
      count(*) filter (where lead_type = 'Call') as calls, count(*) filter (where billable) as billable,
      sum(cost_cents) as cost_cents
    from leads group by 1, 2
  ) l
  full join lead_day_totals r using (account_id, day)
  where (l.account_id is null and (r.total, r.calls, r.billable, r.cost_cents) is distinct from (0, 0, 0, 0))
     or (l.account_id is not null
         and (l.total, l.calls, l.billable, l.cost_cents) is distinct from (r.total, r.calls, r.billable, r.cost_cents))`;

const query = (start: string, end: string, location_ids?: string[]): LeadsQuery => ({
  page: 1,
  per_page: 20,
  order: 'desc',
  order_by: 'created_at',
  start_date: start,
  end_date: end,
  location_ids,
});

describe.each(dbKinds)('leads day totals on %s', (kind) => {
  let t: TestApp;
  let organizationId: number;
  let refIds: string[];
  let newestDay: string;

  /** The same period counted from the leads themselves, as the searched statistics do. */
  async function counted(
    scope: LeadScope,
    start: string,
    end: string,
    ids?: string[],
  ): Promise<PeriodTotals> {
    const own = ids?.length
      ? sql`a.organization_id = ${scope.organizationId} and a.ref_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`a.organization_id = ${scope.organizationId}`;
    const [row] = await rowsOf<{ total: number; calls: number; billable: number; cents: number }>(
      t.db,
      sql`select count(*)::int as total, (count(*) filter (where lead_type = 'Call'))::int as calls,
        (count(*) filter (where billable))::int as billable, coalesce(sum(cost_cents), 0)::int as cents
      from leads join accounts a on a.id = leads.account_id
      where ${own} and ${fromDay(start, scope.timeZone)} and ${untilDay(end, scope.timeZone)}`,
    );
    return row;
  }

  beforeAll(async () => {
    t = await startApp(kind);
    // The customer with the most locations (the franchise), its locations and its newest lead's day.
    organizationId = await franchiseId(t.db);
    const accounts = await rowsOf<{ ref_id: string }>(
      t.db,
      sql`select ref_id from accounts where organization_id = ${organizationId} order by id`,
    );
    refIds = accounts.map((a) => a.ref_id);
    newestDay = await newestLeadDay(t.db);
  });
  afterAll(() => t?.close());

  it('equals the seeded leads per account and UTC day', async () => {
    const [{ n }] = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from leads`);
    expect(n).toBeGreaterThan(1000);
    expect((await rowsOf<{ n: number }>(t.db, MISMATCHES))[0].n).toBe(0);
  });

  const zones = [
    'America/Chicago',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'America/St_Johns',
    'Pacific/Chatham',
    'UTC',
  ];
  it.each(zones)(
    'a range in %s equals its leads counted one by one, and so does the previous period',
    async (zone) => {
      const scope = { organizationId, timeZone: zone };
      const ranges: [number, number][] = [
        [0, 0], // one day
        [6, 0], // a week
        [29, 3], // a month
        [364, 0], // a year
      ];
      for (const [back, skip] of ranges) {
        const end = addDays(newestDay, -skip);
        const start = addDays(end, -back);
        const previousStart = addDays(start, -(back + 1));
        const totals = await rangeTotals(t.db, scope, query(start, end), previousStart);
        expect(totals.current, `${start}..${end}`).toEqual(await counted(scope, start, end));
        expect(totals.previous).toEqual(await counted(scope, previousStart, addDays(start, -1)));
        // A day may hold no lead; a week and more always do, so the comparison is not of zeros.
        if (back >= 6) expect(totals.current.total).toBeGreaterThan(0);
      }
    },
  );

  it('counts a subset of locations across the spring daylight-saving change', async () => {
    const scope = { organizationId, timeZone: 'America/Chicago' };
    const ids = refIds.slice(0, 3);
    const totals = await rangeTotals(t.db, scope, query('2026-03-01', '2026-03-14', ids), '2026-02-15');
    expect(totals.current).toEqual(await counted(scope, '2026-03-01', '2026-03-14', ids));
    expect(totals.previous).toEqual(await counted(scope, '2026-02-15', '2026-02-28', ids));
  });

  it('stays equal to the leads through inserts, updates and deletes', async () => {
    const [account] = await rowsOf<{ id: number }>(
      t.db,
      sql`select id from accounts where organization_id = ${organizationId} order by id limit 1`,
    );
    await t.db.execute(sql`
      insert into leads (account_id, ref_id, lead_type, name, service, cost_cents, billable, channel, provider, source, created_at)
      select ${account.id}, 'totals-' || g, case when g % 2 = 0 then 'Call' else 'Form' end, 'Rollup Test', 'Roofing',
        g * 10, g % 3 <> 0, 'Paid Search', 'google', 'Google Ads', timestamptz '2026-03-08 05:30:00+00' + g * interval '47 minutes'
      from generate_series(1, 60) g`);
    expect((await rowsOf<{ n: number }>(t.db, MISMATCHES))[0].n).toBe(0);
    await t.db.execute(sql`
      update leads set created_at = created_at + interval '1 day', lead_type = 'Call', billable = not billable,
        cost_cents = cost_cents + 5
      where ref_id like 'totals-%' and id % 2 = 0`);
    expect((await rowsOf<{ n: number }>(t.db, MISMATCHES))[0].n).toBe(0);
    await t.db.execute(sql`delete from leads where ref_id like 'totals-%' and id % 3 = 0`);
    expect((await rowsOf<{ n: number }>(t.db, MISMATCHES))[0].n).toBe(0);
    const scope = { organizationId, timeZone: 'America/Chicago' };
    const totals = await rangeTotals(t.db, scope, query('2026-03-07', '2026-03-11'), '2026-03-02');
    expect(totals.current).toEqual(await counted(scope, '2026-03-07', '2026-03-11'));
  });
});
