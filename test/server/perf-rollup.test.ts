/**
 * The paid search rollups (ad_facts_provider_daily and _monthly, migration 0005_perf_rollup) the
 * reports read instead of ad_facts_daily: equal to the facts summed per account, day (month) and
 * provider after the demo seed and after every kind of write (insert, update, delete, truncate);
 * and the reports that mix whole months and days answer what the facts themselves sum to.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { wholeMonths } from '../../server/domain/performance/perf-scope';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

/** Rollup rows that differ from the facts' own sums (zero rows left by deletes are equal). */
const MISMATCHES = sql`
  select count(*)::int as n from (
    select account_id, date, provider, sum(impressions) as impressions, sum(clicks) as clicks,
      sum(cost_cents) as cost_cents, sum(conversions) as conversions, sum(leads) as leads,
      sum(calls) as calls, sum(forms) as forms
    from ad_facts_daily group by account_id, date, provider
  ) f
  full join ad_facts_provider_daily r using (account_id, date, provider)
  where (f.account_id is null and (r.impressions, r.clicks, r.cost_cents, r.conversions, r.leads, r.calls, r.forms)
           is distinct from (0, 0, 0, 0, 0, 0, 0))
     or (f.account_id is not null and (f.impressions, f.clicks, f.cost_cents, f.conversions, f.leads, f.calls, f.forms)
           is distinct from (r.impressions, r.clicks, r.cost_cents, r.conversions, r.leads, r.calls, r.forms))`;

/** The same comparison per month for the monthly rollup. */
const MONTH_MISMATCHES = sql`
  select count(*)::int as n from (
    select account_id, date_trunc('month', date)::date as date, provider, sum(clicks) as clicks,
      sum(cost_cents) as cost_cents, sum(leads) as leads
    from ad_facts_daily group by 1, 2, 3
  ) f
  full join ad_facts_provider_monthly r using (account_id, date, provider)
  where (f.account_id is null and (r.clicks, r.cost_cents, r.leads) is distinct from (0, 0, 0))
     or (f.account_id is not null and (f.clicks, f.cost_cents, f.leads) is distinct from (r.clicks, r.cost_cents, r.leads))`;

/** And per month and device for the device rollup. */
const DEVICE_MISMATCHES = sql`
  select count(*)::int as n from (
    select account_id, date_trunc('month', date)::date as date, provider, device, sum(clicks) as clicks,
      sum(impressions) as impressions, sum(cost_cents) as cost_cents, sum(leads) as leads
    from ad_facts_daily group by 1, 2, 3, 4
  ) f
  full join ad_facts_device_monthly r using (account_id, date, provider, device)
  where (f.account_id is null and (r.clicks, r.impressions, r.cost_cents, r.leads) is distinct from (0, 0, 0, 0))
     or (f.account_id is not null
         and (f.clicks, f.impressions, f.cost_cents, f.leads) is distinct from (r.clicks, r.impressions, r.cost_cents, r.leads))`;

it('whole months inside a range', () => {
  expect(wholeMonths('2025-11-21', '2026-11-20')).toEqual({ first: '2025-12-01', last: '2026-10-31' });
  expect(wholeMonths('2026-01-01', '2026-03-31')).toEqual({ first: '2026-01-01', last: '2026-03-31' });
  expect(wholeMonths('2024-02-01', '2024-02-29')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
  expect(wholeMonths('2026-12-02', '2027-01-31')).toEqual({ first: '2027-01-01', last: '2027-01-31' });
  expect(wholeMonths('2026-10-02', '2026-10-31')).toBeNull();
  expect(wholeMonths('2026-10-01', '2026-10-30')).toBeNull();
});

describe.each(dbKinds)('paid search rollup on %s', (kind) => {
  let t: TestApp;
  const mismatches = async () => (await rowsOf<{ n: number }>(t.db, MISMATCHES))[0].n;
  const count = async (table: string) =>
    (await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0].n;

  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  it('equals the seeded facts, with a fifth of their rows or fewer', async () => {
    const facts = await count('ad_facts_daily');
    expect(facts).toBeGreaterThan(1000);
    expect(await mismatches()).toBe(0);
    expect((await rowsOf<{ n: number }>(t.db, MONTH_MISMATCHES))[0].n).toBe(0);
    expect((await rowsOf<{ n: number }>(t.db, DEVICE_MISMATCHES))[0].n).toBe(0);
    expect(await count('ad_facts_provider_daily')).toBeLessThanOrEqual(facts / 4);
    expect(await count('ad_facts_device_monthly')).toBeLessThanOrEqual(facts / 20);
    expect(await count('ad_facts_provider_monthly')).toBeLessThanOrEqual(facts / 100);
  });

  it.each([
    ['a year by month', '2025-11-21', '2026-11-20'],
    ['two whole months by day', '2026-09-01', '2026-10-31'],
    ['half a year by month', '2026-01-01', '2026-06-30'],
  ])('the PPC graph over %s sums what the facts sum to', async (_name, start, end) => {
    const me: Session = await signIn(t, 'franchise@demo.test');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/performance/ppc/clicks_impressions?start_date=${start}&end_date=${end}`,
      headers: me.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const days = (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
    const previousStart = new Date(Date.parse(start) - days * 86_400_000).toISOString().slice(0, 10);
    const bucket =
      body.interval === 'day'
        ? sql`to_char(date, 'YYYY-MM-DD')`
        : sql`to_char(date_trunc('month', date), 'YYYY-MM-DD')`;
    const scope = sql`account_id in (select a.id from accounts a join users u on u.organization_id = a.organization_id
        where u.email = 'franchise@demo.test') and provider in ('google', 'bing', 'linkedin')`;
    const want = await rowsOf<{ bucket: string; clicks: number }>(
      t.db,
      sql`select ${bucket} as bucket, sum(clicks)::int as clicks from ad_facts_daily
          where ${scope} and date between ${start}::date and ${end}::date group by 1`,
    );
    const [previous] = await rowsOf<{ clicks: number }>(
      t.db,
      sql`select coalesce(sum(clicks), 0)::int as clicks from ad_facts_daily
          where ${scope} and date >= ${previousStart}::date and date < ${start}::date`,
    );
    const got = new Map(body.clicks.map((p: { date: string; value: number }) => [p.date, p.value]));
    for (const w of want) expect(got.get(w.bucket), w.bucket).toBe(w.clicks);
    expect(body.total_clicks.value).toBe(want.reduce((n, w) => n + w.clicks, 0));
    expect(body.total_clicks.previous_value).toBe(previous.clicks);
  });

  it.each([
    ['a year', '2025-11-21', '2026-11-20', 'ppc'],
    ['whole months', '2026-01-01', '2026-06-30', 'lsa'],
    ['days only', '2026-10-02', '2026-10-30', 'ppc'],
  ])('the device table over %s sums what the facts sum to', async (_name, start, end, provider) => {
    const me: Session = await signIn(t, 'franchise@demo.test');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/performance/devices/breakdown?start_date=${start}&end_date=${end}&provider=${provider}`,
      headers: me.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const want = await rowsOf<{ device: string; leads: number; clicks: number; cents: number }>(
      t.db,
      sql`select device, sum(leads)::int as leads, sum(clicks)::int as clicks, sum(cost_cents)::int as cents
          from ad_facts_daily
          where account_id in (select a.id from accounts a join users u on u.organization_id = a.organization_id
              where u.email = 'franchise@demo.test')
            and date between ${start}::date and ${end}::date
            and provider ${provider === 'lsa' ? sql`= 'lsa'` : sql`in ('google', 'bing', 'linkedin')`}
          group by device`,
    );
    expect(want.length).toBe(4);
    for (const w of want) {
      const row = res.json().accounts.find((a: { key: string }) => a.key === w.device);
      const cell = (name: string) => row.data.find((c: { name: string }) => c.name === name).value;
      expect([cell('leads'), cell('clicks'), Math.round(cell('cost') * 100)], w.device).toEqual([
        w.leads,
        w.clicks,
        w.cents,
      ]);
    }
  });

  it('follows inserts, updates and deletes, one statement at a time or many rows at once', async () => {
    await t.db.execute(sql`
      insert into ad_facts_daily
      select account_id, date + 2000, campaign_id, provider, device, impressions, clicks, cost_cents,
        conversions, leads, calls, forms
      from ad_facts_daily where date < (select min(date) + 20 from ad_facts_daily)`);
    expect(await mismatches()).toBe(0);
    await t.db.execute(sql`
      update ad_facts_daily set clicks = clicks + 3, leads = leads + 1, cost_cents = cost_cents * 2
      where provider = 'google' and date = (select min(date) + 5 from ad_facts_daily)`);
    expect(await mismatches()).toBe(0);
    await t.db.execute(
      sql`delete from ad_facts_daily where device = 'tablet' and date < (select min(date) + 30 from ad_facts_daily)`,
    );
    expect(await mismatches()).toBe(0);
    expect((await rowsOf<{ n: number }>(t.db, MONTH_MISMATCHES))[0].n).toBe(0);
    expect((await rowsOf<{ n: number }>(t.db, DEVICE_MISMATCHES))[0].n).toBe(0);
    await t.db.execute(sql`truncate ad_facts_daily`);
    expect(await count('ad_facts_provider_daily')).toBe(0);
    expect(await count('ad_facts_provider_monthly')).toBe(0);
    expect(await count('ad_facts_device_monthly')).toBe(0);
  });
});
