/**
 * The performance reports on a small hand-made customer (perf-fixture.ts) where every expected
 * figure is obvious: each family's figures, the previous-period change, location scoping, tenant
 * isolation, agreement with the leads page, the live reach of a 'miss' and bad input (422).
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveMessages } from '../../server/db/schema/shell';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';
import { FIXTURE_EMAIL, seedPerfFixture, WEEK } from './perf-fixture';

describe.each(dbKinds)('performance reports on %s', (kind) => {
  let t: TestApp;
  let me: Session;
  let owner: Session;

  beforeAll(async () => {
    t = await startApp(kind);
    await seedPerfFixture(t.db);
    me = await signIn(t, FIXTURE_EMAIL);
    owner = await signIn(t, 'owner@demo.test');
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
  const values = (stats: Record<string, { value: unknown }>) =>
    Object.fromEntries(Object.entries(stats).map(([k, v]) => [k, v.value]));

  it('lists the locations, all checked', async () => {
    const body = await ok('/user_locations');
    expect(body.locations).toEqual([
      { ref_id: 'PTA-1', name: 'Alpha Location', checked: true },
      { ref_id: 'PTB-1', name: 'Beta Location', checked: true },
    ]);
  });

  it('PPC summary: sums, ratios, previous period and provider tabs', async () => {
    const all = await ok('/performance/ppc/summary', WEEK);
    expect(values(all)).toEqual({
      total_calls: 7,
      total_clicks: 150,
      total_cpc: 4,
      total_cpl: 50,
      total_ctr: 10,
      total_forms: 5,
      total_impressions: 1500,
      total_leads: 12,
    });
    expect(all.total_leads).toMatchObject({ previous_value: 5, performance_change: 140 });
    expect(all.total_cpl).toMatchObject({ previous_value: 50, performance_change: 0 });
    const google = await ok('/performance/ppc/summary', { ...WEEK, provider: 'google' });
    expect(google.total_leads.value).toBe(10);
    const linkedin = await ok('/performance/ppc/summary', { ...WEEK, provider: 'linkedin' });
    expect(linkedin.total_leads.value).toBe(0);
  });

  it('paid search summary, weekday graph and location scope', async () => {
    const summary = await ok('/performance/account/ppc_lsa_summary', WEEK);
    expect(values(summary)).toMatchObject({
      total_leads: 17,
      ppc_leads: 12,
      lsa_leads: 5,
      total_cost: 850,
      ppc_cost: 600,
      lsa_cost: 250,
      total_cost_per_lead: 50,
      lsa_per_lead: 50,
    });
    const onlyB = await ok('/performance/account/ppc_lsa_summary', { ...WEEK, account: 'PTB-1' });
    expect(onlyB.total_leads.value).toBe(2);
    const graph = await ok('/performance/account/ppc_lsa_summary_graph', WEEK);
    expect(graph.graph.map((d: { day: string }) => d.day)[0]).toBe('Monday');
    expect(graph.graph[3]).toEqual({ day: 'Thursday', values: { ppc: 10, lsa: 0 } });
    expect(graph.graph[4]).toEqual({ day: 'Friday', values: { ppc: 0, lsa: 5 } });
  });

  it('account performance lookback: PPC leads, lead rate and lead cost per day', async () => {
    const leads = await ok('/performance/account/ppc_leads', WEEK);
    expect(leads.series.leads.map((p: { value: number }) => p.value)).toEqual([10, 0, 2, 0, 0, 0, 0]);
    expect(leads.totals.leads).toBe(12);
    expect((await ok('/performance/account/ppc_lead_rate', WEEK)).totals.lead_rate).toBe(8);
    expect((await ok('/performance/account/ppc_lead_cost', WEEK)).totals.lead_cost).toBe(50);
  });

  it('device pies and table', async () => {
    const pies = await ok('/performance/devices/breakdown_graph', WEEK);
    expect(pies[0].name).toBe('Leads');
    expect(pies[0].data).toEqual([
      { name: 'Computers', value: 10 },
      { name: 'Mobile Devices', value: 2 },
      { name: 'Tablets', value: 0 },
      { name: 'Other', value: 0 },
    ]);
    const lsa = await ok('/performance/devices/breakdown_graph', { ...WEEK, provider: 'lsa' });
    expect(lsa[1].data[1]).toEqual({ name: 'Mobile Devices', value: 20 });
  });

  it('search location breakdown rows sum to its totals', async () => {
    const table = await ok('/performance/locations/breakdown', WEEK);
    expect(table.total_records).toBe(2);
    const cell = (row: { data: { name: string; value: unknown }[] }, name: string) =>
      row.data.find((c) => c.name === name)?.value;
    expect(table.accounts.map((r: { key: string }) => r.key)).toEqual(['PTA-1', 'PTB-1']);
    expect(cell(table.accounts[0], 'total_leads')).toBe(15);
    expect(cell(table.accounts[1], 'total_cost')).toBe(100);
    expect(table.totals.find((c: { name: string }) => c.name === 'total_cost').value).toBe(850);
    const second = await ok('/performance/locations/breakdown', { ...WEEK, page: '2', per_page: '1' });
    expect(second).toMatchObject({ total_pages: 2, current_page: 2, total_records: 2 });
    expect(second.accounts.map((r: { key: string }) => r.key)).toEqual(['PTB-1']);
  });

  it('overview agrees with the leads page and counts weekdays in the customer zone', async () => {
    const overview = await ok('/reports/overview', WEEK);
    const leadsPage = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      headers: me.headers,
      payload: { ...WEEK },
    });
    const header = leadsPage.json().leads_statistic;
    const o = overview.performance_overview;
    expect(o.leads_count.value).toBe(header.total_leads.value);
    expect(o.calls.value).toBe(header.call_leads.value);
    expect(o.forms.value).toBe(header.form_leads.value);
    expect(o.lead_cost.value).toBe(header.total_cost.value);
    expect(values(o)).toEqual({
      leads_count: 4,
      calls: 2,
      forms: 2,
      lead_cost: 55,
      avg_cost: 13.75,
      active_campaigns: 1,
      paused_campaigns: 1,
    });
    expect(o.leads_count).toMatchObject({ previous_value: 1, performance_change: 300 });
    expect(overview.per_week_days[3]).toEqual({ day: 'Thurs', calls: 2, forms: 1 });
    expect(overview.per_week_days[5]).toEqual({ day: 'Sat', calls: 0, forms: 1 });
    expect(overview.channels).toEqual([{ channel_name: 'Paid Search', total_leads: '100.00' }]);
    expect(overview.campaigns[0]).toMatchObject({
      campaign_name: 'Alpha Search',
      total_leads: 3,
      leads_cost: 30,
    });
    expect(overview.recent_leads[0].name).toBe('Fixture Lead 4');
    const onlyA = await ok('/reports/overview', { ...WEEK, account: 'PTA-1' });
    expect(onlyA.performance_overview.leads_count.value).toBe(3);
  });

  it('executive cards by platform, locked without the platform, graphs and breakdown', async () => {
    const cards = await ok('/performance/executive/summary', WEEK);
    expect(cards.live).toMatchObject({ locked: false, total_leads: { value: 3 }, total_cost: { value: 30 } });
    expect(cards.direct).toMatchObject({ locked: false, total_leads: { value: 1 }, cpl: { value: 25 } });
    expect(cards.franchise.locked).toBe(true);
    expect(cards.directories.locked).toBe(true);
    const leadsGraph = await ok('/performance/executive/leads_graph', WEEK);
    expect(leadsGraph.interval).toBe('day');
    expect(leadsGraph.series.live).toHaveLength(7);
    expect(leadsGraph.series.live[0]).toEqual({ date: '2026-10-01', value: 3 });
    expect(leadsGraph.totals).toMatchObject({ live: 3, direct: 1 });
    const breakdown = await ok('/performance/executive/breakdown', { ...WEEK, platform: 'direct' });
    expect(breakdown.accounts).toHaveLength(1);
    expect(breakdown.accounts[0].key).toBe('PTB-1');
  });

  it('programmatic overview per provider and its graphs', async () => {
    expect(values(await ok('/performance/programmatic/overview', WEEK))).toEqual({
      spend: 75,
      impressions: 15000,
      clicks: 25,
      cpc: 3,
      cpm: 5,
    });
    const display = await ok('/performance/programmatic/overview', { ...WEEK, provider: 'display' });
    expect(display.spend.value).toBe(50);
    const cpm = await ok('/performance/programmatic/cpm_graph', WEEK);
    expect(cpm.series.cpm[0]).toEqual({ date: '2026-10-01', value: 5 });
  });

  it('revconnect metrics, funnel and graphs', async () => {
    const { metrics } = await ok('/performance/revconnect/metrics', WEEK);
    expect(values(metrics)).toMatchObject({ leads: 10, sales: 2, cost_per_sale: 500, rev_per_sale: 10000 });
    const { funnel } = await ok('/performance/revconnect/funnel', WEEK);
    expect(funnel.map((f: { data: { value: number }[] }) => f.data[0].value)).toEqual([10, 6, 4, 2]);
    const lts = await ok('/performance/revconnect/lead_to_sale', WEEK);
    expect(lts.totals.total_lead_to_sale).toBe(20);
  });

  it('social summary: best-day reach, frequency and cost per lead', async () => {
    const s = await ok('/performance/social/summary', WEEK);
    expect(values(s)).toEqual({
      impressions: 1100,
      reach: 400,
      frequency: 2.75,
      spend: 50,
      link_clicks: 15,
      cost_lead: 10,
    });
    const ads = await ok('/performance/social/breakdown', WEEK);
    expect(ads.accounts[0].data[0]).toEqual({ name: 'ad_name', label: 'Ad Name', value: 'Fixture Ad' });
  });

  it("a range up to today answers reach 'miss' and the reach follows as a live update", async () => {
    const [last] = await t.db.select().from(liveMessages).orderBy(desc(liveMessages.id)).limit(1);
    const s = await ok('/performance/social/summary');
    expect(s.reach).toMatchObject({ value: 'miss', level: 'account' });
    let message: typeof liveMessages.$inferSelect | undefined;
    for (let i = 0; i < 60 && !message; i++) {
      await new Promise((r) => setTimeout(r, 100));
      [message] = await t.db
        .select()
        .from(liveMessages)
        .where(and(eq(liveMessages.user_id, me.user_id), gt(liveMessages.id, last?.id ?? 0)));
    }
    expect(message?.payload).toMatchObject({
      message_type: 'reach_update',
      id: s.reach.id,
      level: 'account',
    });
  });

  it("another customer's locations read as nothing", async () => {
    const mine = await ok('/performance/account/ppc_lsa_summary', { ...WEEK, account: 'PTA-1' }, owner);
    expect(mine.total_leads.value).toBe(0);
    const overview = await ok('/reports/overview', { ...WEEK, account: 'PTA-1' }, owner);
    expect(overview.performance_overview.leads_count.value).toBe(0);
    const table = await ok('/performance/locations/breakdown', WEEK, owner);
    expect(table.accounts.map((r: { key: string }) => r.key)).not.toContain('PTA-1');
  });

  it.each([
    ['a bad date', { start_date: '2026-13-01', end_date: '2026-10-07' }, 'start_date'],
    ['a reversed range', { start_date: '2026-10-07', end_date: '2026-10-01' }, 'end_date'],
    ['an unknown provider', { ...WEEK, provider: 'yahoo' }, 'provider'],
    ['a page that is no number', { ...WEEK, page: '2x' }, 'page'],
  ])('answers 422 for %s', async (_name, query, field) => {
    const path = 'page' in query ? '/performance/locations/breakdown' : '/performance/ppc/summary';
    const res = await get(path, query);
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty(field);
  });
});

describe.each(dbKinds)('performance exports on %s', (kind) => {
  let t: TestApp;
  let me: Session;

  beforeAll(async () => {
    t = await startApp(kind);
    await seedPerfFixture(t.db);
    me = await signIn(t, FIXTURE_EMAIL);
  });
  afterAll(() => t?.close());

  it("a breakdown's CSV sums to the table's totals, for the request's locations", async () => {
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/performance/locations/breakdown.csv',
      headers: me.headers,
      payload: WEEK,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().action).toBe('download');
    const file = await t.app.inject({ method: 'GET', url: exported.json().message });
    expect(file.statusCode).toBe(200);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = lines[0].split(',');
    expect(header).toEqual(expect.arrayContaining(['Location', 'Total Leads', 'Total Cost']));
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.map((r) => r[0])).toEqual(['Alpha Location', 'Beta Location']);
    const column = (label: string) => rows.reduce((n, r) => n + Number(r[header.indexOf(label)]), 0);
    expect(column('Total Leads')).toBe(17);
    expect(column('Total Cost')).toBe(850);

    const onlyB = await t.app.inject({
      method: 'POST',
      url: '/api/v1/performance/executive/breakdown.csv',
      headers: me.headers,
      payload: {
        ...WEEK,
        location_ids: ['PTB-1'],
        filters: [{ name: 'platform', op: 'equals', value: 'direct' }],
      },
    });
    const csv = (await t.app.inject({ method: 'GET', url: onlyB.json().message })).body;
    expect(csv).toContain('Beta Location,1,0,1,25,25');
    expect(csv).not.toContain('Alpha Location');
  });
});
