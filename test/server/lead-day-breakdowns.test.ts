/**
 * The performance overview's rollup (lead_day_breakdowns, migration 0012) and the breakdowns read
 * from it (server/domain/performance/perf-overview.ts): equal to the leads per account, local day,
 * service, channel and campaign after the seed and after inserts, updates and deletes, after the
 * organization's time zone changes and after an account moves to another organization; and the
 * report's services, channels, weekdays, campaigns and accounts equal the leads counted one by one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { overviewReport } from '../../server/domain/performance/perf-overview';
import { WEEKDAY_LABELS } from '../../src/api/contracts/performance';
import { addDays } from '../../src/lib/date-range';
import { dbKinds, franchiseId, newestLeadDay, startApp, type TestApp } from './helpers';

/** Rollup rows that differ from the leads counted again. */
const MISMATCHES = sql`
  with counted as (
    select l.account_id, (l.created_at at time zone coalesce(nullif(o.time_zone, ''), 'America/New_York'))::date as day,
      l.service, l.channel, coalesce(l.campaign_id, 0) as campaign_id, count(*) as total,
      count(*) filter (where l.lead_type = 'Call') as calls, sum(l.cost_cents) as cost_cents
    from leads l join accounts a on a.id = l.account_id join organizations o on o.id = a.organization_id
    group by 1, 2, 3, 4, 5
  )
  select count(*)::int as n from counted l
  full join lead_day_breakdowns r using (account_id, day, service, channel, campaign_id)
  where (l.account_id is null and (r.total, r.calls, r.cost_cents) is distinct from (0, 0, 0))
     or (l.account_id is not null and (l.total, l.calls, l.cost_cents) is distinct from (r.total, r.calls, r.cost_cents))`;

describe.each(dbKinds)('leads day breakdowns on %s', (kind) => {
  let t: TestApp;
  let organizationId: number;
  let userId: number;
  let newestDay: string;

  const mismatches = async () => (await rowsOf<{ n: number }>(t.db, MISMATCHES))[0].n;
  const setZone = (zone: string) =>
    t.db.execute(sql`update organizations set time_zone = ${zone} where id = ${organizationId}`);

  /** The report's breakdowns against the leads of [start, end] in `zone`, counted one by one. */
  async function expectReportCounted(zone: string, start: string, end: string) {
    const caller = { userId, organizationId, timeZone: zone };
    const report = await overviewReport(t.db, caller, { start_date: start, end_date: end });
    const range = sql`a.organization_id = ${organizationId}
      and l.created_at >= ((${start}::date)::timestamp at time zone ${zone})
      and l.created_at < (((${end}::date) + 1)::timestamp at time zone ${zone})`;
    const counted = <T>(select: string, group: string, order = 'total desc, 1') =>
      rowsOf<T & { total: number }>(
        t.db,
        sql`select ${sql.raw(select)}, count(*)::int as total from leads l
          join accounts a on a.id = l.account_id left join campaigns c on c.id = l.campaign_id
          where ${range} group by ${sql.raw(group)} order by ${sql.raw(order)}`,
      );
    const services = await counted<{ service: string }>('l.service', '1');
    expect(report.services).toEqual(services.map((r) => ({ service_name: r.service, total_leads: r.total })));
    const all = services.reduce((n, r) => n + r.total, 0);
    expect(all).toBeGreaterThan(0);
    const channels = await counted<{ channel: string }>('l.channel', '1');
    expect(report.channels.map((r) => r.channel_name)).toEqual(channels.map((r) => r.channel));
    const days = await counted<{ dow: number; calls: number }>(
      `extract(isodow from l.created_at at time zone '${zone}')::int as dow,
        (count(*) filter (where l.lead_type = 'Call'))::int as calls`,
      '1',
      '1',
    );
    expect(report.per_week_days).toEqual(
      WEEKDAY_LABELS.map((day, i) => {
        const row = days.find((d) => d.dow === i + 1);
        return { day, calls: row?.calls ?? 0, forms: row ? row.total - row.calls : 0 };
      }),
    );
    const accounts = await counted<{ name: string }>('a.name', 'a.id, a.name', 'total desc, a.name');
    expect(report.accounts.map((r) => [r.account_name, r.total_leads])).toEqual(
      accounts.map((r) => [r.name, r.total]),
    );
    const campaigns = await counted<{ id: number | null }>(
      'c.id',
      'c.id, c.name, a.id, a.name',
      'total desc, c.name, c.id, a.name',
    );
    expect(report.campaigns.map((r) => [r.campaign_id, r.total_leads])).toEqual(
      campaigns
        .filter((r) => r.id !== null)
        .slice(0, 10)
        .map((r) => [r.id, r.total]),
    );
  }

  beforeAll(async () => {
    t = await startApp(kind);
    // The customer with the most locations (the franchise), one of its users and its newest lead's day.
    organizationId = await franchiseId(t.db);
    const [user] = await rowsOf<{ id: number }>(
      t.db,
      sql`select id from users where organization_id = ${organizationId} order by id limit 1`,
    );
    userId = user.id;
    newestDay = await newestLeadDay(t.db);
  });
  afterAll(() => t?.close());

  it('equals the seeded leads per account, local day, service, channel and campaign', async () => {
    const [{ n }] = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from lead_day_breakdowns`,
    );
    expect(n).toBeGreaterThan(1000);
    expect(await mismatches()).toBe(0);
  });

  it('gives the report the breakdowns of its leads counted one by one', async () => {
    await setZone('America/Chicago');
    await expectReportCounted('America/Chicago', addDays(newestDay, -364), newestDay);
    await expectReportCounted('America/Chicago', addDays(newestDay, -6), newestDay);
  });

  it('follows a change of the time zone, to one whose midnight is not a UTC hour', async () => {
    await setZone('Asia/Kathmandu');
    expect(await mismatches()).toBe(0);
    await expectReportCounted('Asia/Kathmandu', addDays(newestDay, -29), newestDay);
    await setZone('America/St_Johns');
    expect(await mismatches()).toBe(0);
    await expectReportCounted('America/St_Johns', addDays(newestDay, -29), newestDay);
  });

  it('stays equal to the leads through inserts, updates and deletes', async () => {
    const [account] = await rowsOf<{ id: number }>(
      t.db,
      sql`select id from accounts where organization_id = ${organizationId} order by id limit 1`,
    );
    await t.db.execute(sql`
      insert into leads (account_id, campaign_id, ref_id, lead_type, name, service, cost_cents, billable, channel,
        provider, source, created_at)
      select ${account.id}, case when g % 4 = 0 then null else (select min(id) from campaigns) end, 'breakdown-' || g,
        case when g % 2 = 0 then 'Call' else 'Form' end, 'Rollup Test', case when g % 5 = 0 then 'Gutters' else 'Roofing' end,
        g * 10, g % 3 <> 0, 'Paid Search', 'google', 'Google Ads',
        timestamptz '2026-03-08 05:30:00+00' + g * interval '47 minutes'
      from generate_series(1, 60) g`);
    expect(await mismatches()).toBe(0);
    await t.db.execute(sql`
      update leads set created_at = created_at + interval '1 day', lead_type = 'Call', service = 'Siding',
        channel = 'Social', campaign_id = null, cost_cents = cost_cents + 5
      where ref_id like 'breakdown-%' and id % 2 = 0`);
    expect(await mismatches()).toBe(0);
    await t.db.execute(sql`delete from leads where ref_id like 'breakdown-%' and id % 3 = 0`);
    expect(await mismatches()).toBe(0);
    await expectReportCounted('America/St_Johns', '2026-03-01', '2026-03-14');
  });

  it('follows an account moved to an organization in another zone', async () => {
    const [other] = await rowsOf<{ id: number }>(
      t.db,
      sql`select id from organizations where id <> ${organizationId} order by id limit 1`,
    );
    await t.db.execute(sql`update organizations set time_zone = 'Pacific/Chatham' where id = ${other.id}`);
    await t.db.execute(sql`
      update accounts set organization_id = ${other.id}
      where id = (select id from accounts where organization_id = ${organizationId} order by id limit 1)`);
    expect(await mismatches()).toBe(0);
  });
});
