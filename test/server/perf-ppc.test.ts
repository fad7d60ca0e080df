/**
 * The PPC Campaigns Summary graphs, the locations overview (spec part 3 §7
 * /performance/ppc/clicks_impressions, click_through_rate, leads, cpl_cpc,
 * /performance/locations/overview) with its CSV, and the social tables' platform Filter (§2.4), on
 * the hand-made fixture (perf-fixture.ts): in the week, PPC is
 * Alpha's google day 10-01 (1000 impressions, 100 clicks, $500, 10 leads of which 6 calls) and
 * Beta's bing day 10-03 (500, 50, $100, 2 leads, 1 call); the previous week Alpha's google day
 * 09-28 (500, 50, $250, 5 leads). LSA (Alpha 10-02) is not PPC. The test adds an Instagram ad to
 * Beta (one day: reach 100, 200 impressions, $10, 1 lead) beside Alpha's Facebook ad.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialAds, socialFactsDaily } from '../../server/db/schema/facts';
import { csvPathOf, type PerformanceExportType } from '../../src/api/contracts/performance';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';
import { FIXTURE_EMAIL, seedPerfFixture, WEEK } from './perf-fixture';

describe.each(dbKinds)('PPC graphs and locations overview on %s', (kind) => {
  let t: TestApp;
  let me: Session;
  let owner: Session;
  let fixture: Awaited<ReturnType<typeof seedPerfFixture>>;

  beforeAll(async () => {
    t = await startApp(kind);
    fixture = await seedPerfFixture(t.db);
    me = await signIn(t, FIXTURE_EMAIL);
    owner = await signIn(t, 'owner@demo.test');
    const [ad] = await t.db
      .insert(socialAds)
      .values({
        account_id: fixture.b.id,
        campaign_id: fixture.c2.id,
        provider: 'instagram',
        ad_name: 'Insta Ad',
      })
      .returning();
    await t.db.insert(socialFactsDaily).values({
      account_id: fixture.b.id,
      date: '2026-10-03',
      ad_id: ad.id,
      campaign_id: fixture.c2.id,
      provider: 'instagram',
      impressions: 200,
      reach: 100,
      link_clicks: 4,
      spend_cents: 1000,
      leads: 1,
    });
  });
  afterAll(() => t?.close());

  const get = async (path: string, query: Record<string, string> = {}, s: Session = me) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1${path}?${new URLSearchParams(query)}`,
      headers: s.headers,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const ok = async (path: string, query: Record<string, string> = {}, s: Session = me) => {
    const res = await get(path, query, s);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const values = (series: { date: string; value: number }[]) =>
    Object.fromEntries(series.filter((p) => p.value !== 0).map((p) => [p.date, p.value]));

  it('clicks and impressions: totals with the previous week, one point per day', async () => {
    const body = await ok('/performance/ppc/clicks_impressions', WEEK);
    expect(body.interval).toBe('day');
    expect(body.total_clicks).toEqual({
      title: 'Clicks',
      value: 150,
      previous_value: 50,
      performance_change: 200,
    });
    expect(body.total_impressions).toMatchObject({
      value: 1500,
      previous_value: 500,
      performance_change: 200,
    });
    expect(body.clicks).toHaveLength(7);
    expect(body.clicks[1]).toEqual({ date: '2026-10-02', value: 0 });
    expect(values(body.clicks)).toEqual({ '2026-10-01': 100, '2026-10-03': 50 });
    expect(values(body.impressions)).toEqual({ '2026-10-01': 1000, '2026-10-03': 500 });
  });

  it('click-through rate, leads, CPL and CPC: ratios of sums, per day and in total', async () => {
    const rate = await ok('/performance/ppc/click_through_rate', WEEK);
    expect(rate.total_ctr).toMatchObject({ value: 10, previous_value: 10, performance_change: 0 });
    expect(values(rate.ctr)).toEqual({ '2026-10-01': 10, '2026-10-03': 10 });
    const leads = await ok('/performance/ppc/leads', WEEK);
    expect(leads.total_leads).toMatchObject({ value: 12, previous_value: 5, performance_change: 140 });
    expect(values(leads.leads)).toEqual({ '2026-10-01': 10, '2026-10-03': 2 });
    const money = await ok('/performance/ppc/cpl_cpc', WEEK);
    expect(money.total_cpl).toMatchObject({ value: 50, previous_value: 50, performance_change: 0 });
    expect(money.total_cpc).toMatchObject({ value: 4, previous_value: 5, performance_change: -20 });
    expect(values(money.cpc)).toEqual({ '2026-10-01': 5, '2026-10-03': 2 });
    expect(values(money.cpl)).toEqual({ '2026-10-01': 50, '2026-10-03': 50 });
  });

  it('provider tabs and location scope', async () => {
    const bing = await ok('/performance/ppc/leads', { ...WEEK, provider: 'bing' });
    expect(bing.total_leads.value).toBe(2);
    expect(values(bing.leads)).toEqual({ '2026-10-03': 2 });
    const alpha = await ok('/performance/ppc/clicks_impressions', { ...WEEK, account: 'PTA-1' });
    expect(alpha.total_clicks.value).toBe(100);
    const linkedin = await ok('/performance/ppc/cpl_cpc', { ...WEEK, provider: 'linkedin' });
    expect(linkedin.total_cpc.value).toBe(0);
  });

  it('a long range is drawn by month', async () => {
    const body = await ok('/performance/ppc/leads', { start_date: '2026-08-01', end_date: '2026-10-31' });
    expect(body.interval).toBe('month');
    expect(body.leads).toEqual([
      { date: '2026-08-01', value: 0 },
      { date: '2026-09-01', value: 5 },
      { date: '2026-10-01', value: 12 },
    ]);
  });

  it('locations overview: one row per location with PPC figures and the totals', async () => {
    const body = await ok('/performance/locations/overview', WEEK);
    const row = (cells: { name: string; value: unknown }[]) =>
      Object.fromEntries(cells.map((c) => [c.name, c.value]));
    expect(body.total_records).toBe(2);
    expect(body.total_pages).toBe(1);
    expect(body.accounts.map((a: { key: string }) => a.key)).toEqual(['PTA-1', 'PTB-1']);
    expect(row(body.accounts[0].data)).toEqual({
      name: 'Alpha Location',
      leads: 10,
      calls: 6,
      forms: 4,
      clicks: 100,
      impressions: 1000,
      ctr: 10,
      cost: 500,
      cpc: 5,
      cpl: 50,
    });
    expect(row(body.accounts[1].data)).toMatchObject({ leads: 2, calls: 1, forms: 1, cost: 100, cpc: 2 });
    expect(row(body.totals)).toEqual({
      name: 'Total',
      leads: 12,
      calls: 7,
      forms: 5,
      clicks: 150,
      impressions: 1500,
      ctr: 10,
      cost: 600,
      cpc: 4,
      cpl: 50,
    });
    const page2 = await ok('/performance/locations/overview', { ...WEEK, per_page: '1', page: '2' });
    expect(page2.total_pages).toBe(2);
    expect(page2.accounts.map((a: { key: string }) => a.key)).toEqual(['PTB-1']);
  });

  it("another customer's locations read as empty; bad input is 422", async () => {
    const foreign = await ok('/performance/ppc/leads', { ...WEEK, account: 'PTA-1' }, owner);
    expect(foreign.total_leads.value).toBe(0);
    const rows = await ok('/performance/locations/overview', { ...WEEK, account: 'PTA-1' }, owner);
    expect(rows.accounts).toEqual([]);
    expect(rows.total_records).toBe(0);
    for (const [path, query] of [
      ['/performance/ppc/leads', { provider: 'lsa' }],
      ['/performance/ppc/cpl_cpc', { start_date: '2026-10-07', end_date: '2026-10-01' }],
      ['/performance/ppc/click_through_rate', { start_date: 'yesterday' }],
      ['/performance/locations/overview', { page: '0' }],
    ] as const) {
      const res = await get(path, query);
      expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(422);
      expect(res.body.errors).toBeTruthy();
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/performance/ppc/leads' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("the social tables narrow to the Filter dropdown's platform", async () => {
    const cell = (cells: { name: string; value: unknown }[], name: string) =>
      cells.find((c) => c.name === name)?.value;
    const all = await ok('/performance/social/breakdown', WEEK);
    expect(all.accounts.map((r: { data: { value: unknown }[] }) => r.data[0].value)).toEqual([
      'Fixture Ad',
      'Insta Ad',
    ]);
    const insta = await ok('/performance/social/breakdown', { ...WEEK, provider: 'instagram' });
    expect(insta.accounts.map((r: { data: { value: unknown }[] }) => r.data[0].value)).toEqual(['Insta Ad']);
    expect(cell(insta.totals, 'cost')).toBe(10);
    const facebook = await ok('/performance/social/location', { ...WEEK, provider: 'facebook' });
    expect(facebook.accounts.map((r: { data: unknown[] }) => cell(r.data as never, 'leads'))).toEqual([5, 0]);
    expect(cell(facebook.totals, 'impressions')).toBe(1100);
    const both = await ok('/performance/social/location', WEEK);
    expect(cell(both.totals, 'impressions')).toBe(1300);
    expect((await get('/performance/social/location', { provider: 'tiktok' })).status).toBe(422);
  });

  it("exports: the PPC locations CSV sums to the table's totals; a social CSV keeps its Filter", async () => {
    const csvOf = async (type: PerformanceExportType, payload: object) => {
      const exported = await t.app.inject({
        method: 'POST',
        url: `/api/v1${csvPathOf(type)}`,
        headers: me.headers,
        payload,
      });
      expect(exported.statusCode, exported.body).toBe(200);
      const file = await t.app.inject({ method: 'GET', url: exported.json().message });
      const lines = file.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      return { header: lines[0].split(','), rows: lines.slice(1).map((l) => l.split(',')) };
    };
    const ppc = await csvOf('ppc-locations', WEEK);
    const column = (label: string) => ppc.rows.reduce((n, r) => n + Number(r[ppc.header.indexOf(label)]), 0);
    expect(ppc.rows.map((r) => r[0])).toEqual(['Alpha Location', 'Beta Location']);
    expect(column('Leads')).toBe(12);
    expect(column('Cost')).toBe(600);
    expect(column('Clicks')).toBe(150);
    const insta = await csvOf('social-ads', {
      ...WEEK,
      filters: [{ name: 'provider', op: 'equals', value: 'instagram' }],
    });
    expect(insta.rows.map((r) => r[0])).toEqual(['Insta Ad']);
  });
});
