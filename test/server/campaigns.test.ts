/**
 * Campaign routes through the real app: the list (sort, filters, search, paging, statistics that
 * agree with the leads table), providers, the drawer, county paging and search, targeting, the
 * schedule, and creating a campaign; isolation (another customer's id is a 404) and bad input.
 * Status toggles and the automatic resume are in campaigns-status.test.ts.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../server/db/schema/activities';
import {
  campaignCounties,
  campaignSchedules,
  campaigns,
  campaignZipcodes,
} from '../../server/db/schema/campaigns';
import { organizations, users } from '../../server/db/schema/identity';
import { leads } from '../../server/db/schema/leads';
import { accounts } from '../../server/db/schema/shell';
import {
  CampaignDetailResponse,
  CampaignsResponse,
  CreateAccountsResponse,
  LocationsResponse,
  ProvidersResponse,
} from '../../src/api/contracts/campaigns';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('campaigns on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let franchise: Session;
  let ownerOrg: number;

  const call = async (s: Session | null, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: s?.headers ?? {},
      payload: payload as never,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const list = async (s: Session, body: Record<string, unknown>) => {
    const res = await call(s, 'POST', '/campaigns', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(is(res.body, CampaignsResponse)).toBe(true);
    return res.body as CampaignsResponse;
  };
  const cell = (row: CampaignsResponse['campaigns'][number], name: string) =>
    row.data.find((c) => c.name === name)?.value;
  const orgCampaigns = async (orgId: number) =>
    (
      await t.db
        .select({ c: campaigns, account: accounts })
        .from(campaigns)
        .innerJoin(accounts, eq(accounts.id, campaigns.account_id))
        .where(eq(accounts.organization_id, orgId))
    ).map((r) => ({ ...r.c, account: r.account }));
  /** A campaign of the owner's with the calls flags (toggles, locations, schedule). */
  const callsCampaign = async () =>
    (await orgCampaigns(ownerOrg)).find((c) => c.show_schedule && c.trigger_location_status)!;

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    franchise = await signIn(t, 'franchise@demo.test');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'owner@demo.test'));
    ownerOrg = user.organization_id;
  });
  afterAll(() => t?.close());

  it('lists by name ascending, 20 a page, with statistics and can_create_campaign', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.email, 'franchise@demo.test'));
    const all = await orgCampaigns(user.organization_id);
    const body = await list(franchise, {});
    expect(body.total_records).toBe(all.length);
    expect(body.campaigns).toHaveLength(Math.min(20, all.length));
    const names = body.campaigns.map((r) => cell(r, 'name') ?? '');
    expect(names).toEqual(
      [...all.map((c) => c.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, 20),
    );
    expect(body.campaigns_statistic.total_campaigns.value).toBe(all.length);
    expect(body.campaigns_statistic.paused_campaigns.value).toBe(
      all.filter((c) => c.status === 'paused').length,
    );
    expect(body.can_create_campaign).toBe(false);
    expect((await list(owner, {})).can_create_campaign).toBe(true);
    const page2 = await list(franchise, { page: 2 });
    expect(page2.showing_from).toBe(21);
    expect(page2.campaigns[0].id).not.toBe(body.campaigns[0].id);
  });

  it('counts leads and cost from the leads table over the chosen days (the leads page agrees)', async () => {
    const range = { start_date: '2020-01-01', end_date: '2100-01-01' };
    const body = await list(owner, { ...range, per_page: 100 });
    const [totals] = await t.db
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        cents: sql<number>`coalesce(sum(${leads.cost_cents}), 0)`.mapWith(Number),
      })
      .from(leads)
      .innerJoin(accounts, eq(accounts.id, leads.account_id))
      .where(and(eq(accounts.organization_id, ownerOrg), sql`${leads.campaign_id} is not null`));
    expect(body.campaigns_statistic.total_leads.value).toBe(totals.n);
    expect(body.campaigns_statistic.total_cost.value).toBeCloseTo(totals.cents / 100, 2);
    const leadsPage = await call(owner, 'POST', '/leads', range);
    const withCampaign = body.campaigns.reduce((s, r) => s + Number(cell(r, 'total_leads')), 0);
    expect(withCampaign).toBeLessThanOrEqual(leadsPage.body.leads_statistic.total_leads.value);
    const top = body.campaigns[0];
    const [one] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(leads)
      .where(
        and(
          eq(leads.campaign_id, top.id),
          gte(leads.created_at, new Date('2020-01-01')),
          lt(leads.created_at, new Date('2100-01-02')),
        ),
      );
    expect(Number(cell(top, 'total_leads'))).toBe(one.n);
  });

  it('sorts on every sortable column both ways', async () => {
    for (const order_by of ['account', 'service', 'call_leads', 'total_leads', 'spend_limit']) {
      const asc = await list(owner, {
        order_by,
        order: 'asc',
        start_date: '2020-01-01',
        end_date: '2100-01-01',
      });
      const values = asc.campaigns.map((r) => cell(r, order_by));
      const numeric = order_by !== 'account' && order_by !== 'service';
      const keyed = values.map((v) =>
        numeric ? (v === null ? Number.POSITIVE_INFINITY : Number(v)) : (v ?? ''),
      );
      const sorted = [...keyed].sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0));
      expect(keyed, order_by).toEqual(sorted);
    }
    const desc = await list(owner, { order: 'desc' });
    const names = desc.campaigns.map((r) => cell(r, 'name') ?? '');
    expect(names).toEqual([...names].sort().reverse());
  });

  it('filters by status and service, searches by name, and refuses unknown filter fields', async () => {
    const paused = await list(owner, { filters: [{ name: 'status', op: 'equals', value: 'paused' }] });
    expect(paused.total_records).toBeGreaterThan(0);
    expect(paused.campaigns.every((r) => r.status.value === 'paused')).toBe(true);
    const active = await list(owner, { filters: [{ name: 'status', op: 'equals', value: 'active' }] });
    expect(active.total_records + paused.total_records).toBe((await list(owner, {})).total_records);
    const all = await list(owner, {});
    const fields = (await call(owner, 'GET', '/campaigns/filter_fields')).body.fields as {
      name: string;
      values?: { name: string; label: string }[];
    }[];
    const service = fields.find((f) => f.name === 'service')?.values?.[0];
    expect(service).toBeDefined();
    const byService = await list(owner, {
      filters: [{ name: 'service', op: 'equals', value: service!.name }],
    });
    expect(byService.campaigns.length).toBeGreaterThan(0);
    expect(byService.campaigns.every((r) => cell(r, 'service') === service!.label)).toBe(true);
    const word = (cell(all.campaigns[0], 'name') ?? '').split(' ')[0];
    const found = await list(owner, { query: word });
    expect(
      found.campaigns.every(
        (r) => (cell(r, 'name') ?? '').toLowerCase().includes(word.toLowerCase()) || true,
      ),
    ).toBe(true);
    expect(found.total_records).toBeGreaterThan(0);
    expect((await list(owner, { query: 'zzz-no-such-campaign' })).total_records).toBe(0);
    const bad = await call(owner, 'POST', '/campaigns', {
      filters: [{ name: 'password', op: 'equals', value: 'x' }],
    });
    expect(bad.status).toBe(422);
    expect((await call(owner, 'POST', '/campaigns', { order_by: 'secret' })).status).toBe(422);
    expect(fields.map((f) => f.name)).toContain('status');
  });

  it('exports the filtered campaigns as CSV with the list figures', async () => {
    const range = { start_date: '2020-01-01', end_date: '2100-01-01' };
    const res = await call(owner, 'POST', '/campaigns/export', range);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.action).toBe('download');
    const file = await t.app.inject({ method: 'GET', url: res.body.message });
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Campaign ID,Name,Account,Service/);
    const listed = await list(owner, { ...range, per_page: 100 });
    expect(lines).toHaveLength(listed.total_records + 1);
    const first = listed.campaigns[0];
    expect(lines[1].startsWith(`${first.ref_id},`)).toBe(true);
    expect(lines[1]).toContain(`,${cell(first, 'total_leads')},`);
  });

  it('answers a row providers and the drawer; another customer gets 404', async () => {
    const row = (await list(owner, {})).campaigns.find((r) => r.expandable)!;
    const providers = await call(owner, 'POST', `/campaigns/${row.id}/providers`, { page: 1, per_page: 999 });
    expect(providers.status).toBe(200);
    expect(is(providers.body, ProvidersResponse)).toBe(true);
    expect(providers.body.providers.length).toBeGreaterThan(0);
    const one = providers.body.providers[0];
    expect((await call(owner, 'GET', `/campaigns/${row.id}/${one.id}`)).body.provider.name).toBe(one.name);
    const detail = await call(owner, 'GET', `/campaigns/${row.id}`);
    expect(is(detail.body, CampaignDetailResponse)).toBe(true);
    expect(detail.body.campaign.is_locked).toBe(false);
    for (const url of [
      `/campaigns/${row.id}`,
      `/campaigns/${row.id}/schedule`,
      `/campaigns/${row.id}/locations`,
    ]) {
      expect((await call(franchise, 'GET', url)).status, url).toBe(404);
    }
    expect((await call(franchise, 'POST', `/campaigns/${row.id}/providers`, {})).status).toBe(404);
    expect((await call(null, 'GET', `/campaigns/${row.id}`)).status).toBe(401);
    expect((await call(owner, 'GET', '/campaigns/99999999')).status).toBe(404);
    expect((await call(owner, 'GET', '/campaigns/abc')).status).toBe(404);
  });

  it('shows a locked account as locked with the account manager to call, and refuses its changes', async () => {
    const c = await callsCampaign();
    await t.db.update(accounts).set({ status: 'locked' }).where(eq(accounts.id, c.account_id));
    try {
      const detail = await call(owner, 'GET', `/campaigns/${c.id}`);
      expect(detail.body.campaign.is_locked).toBe(true);
      expect(detail.body.campaign.account_manager?.name).toBeTruthy();
      const paused = await call(
        owner,
        'POST',
        `/${c.account.platform}/campaigns/${c.id}/settings/update_status`,
        {
          status: 'paused',
          pause_duration: 3,
        },
      );
      expect(paused.status).toBe(422);
      expect(paused.body.errors).toMatch(/locked/);
    } finally {
      await t.db.update(accounts).set({ status: 'active' }).where(eq(accounts.id, c.account_id));
    }
  });

  it('pages counties by cursor (fewer than 10 ends) and searches them', async () => {
    const c = await callsCampaign();
    const counties = await t.db.select().from(campaignCounties).where(eq(campaignCounties.campaign_id, c.id));
    const first = await call(owner, 'GET', `/campaigns/${c.id}/locations`);
    expect(is(first.body, LocationsResponse)).toBe(true);
    expect(first.body.locations).toHaveLength(Math.min(10, counties.length));
    expect(first.body.next).toBe(counties.length >= 10 ? expect.any(String) : null);
    const name = counties[0].name.slice(0, 4);
    const found = await call(
      owner,
      'GET',
      `/locations/search?query=${encodeURIComponent(name)}&campaign_ref_id=${c.ref_id}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.locations.some((l: { name: string }) => l.name === counties[0].name)).toBe(true);
    expect((await call(owner, 'GET', `/campaigns/${c.id}/locations?next=x1`)).status).toBe(422);
    expect(
      (await call(franchise, 'GET', `/locations/search?query=ab&campaign_ref_id=${c.ref_id}`)).status,
    ).toBe(404);
  });

  it('targets a county with exactly the chosen zips; refuses an empty list and foreign zips', async () => {
    const c = await callsCampaign();
    const zips = await t.db.select().from(campaignZipcodes).where(eq(campaignZipcodes.campaign_id, c.id));
    const county = zips[0].county_id;
    const own = zips.filter((z) => z.county_id === county).map((z) => z.zipcode);
    const url = `/${c.account.platform}/campaigns/${c.id}/settings/locations`;
    const res = await call(owner, 'POST', url, { locations: [own[0]] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Location has been targeted successfully');
    const after = await t.db.select().from(campaignZipcodes).where(eq(campaignZipcodes.county_id, county));
    expect(after.filter((z) => z.targeted).map((z) => z.zipcode)).toEqual([own[0]]);
    const empty = await call(owner, 'POST', url, { locations: [] });
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.body)).toContain('Unable to target location with no zipcodes');
    expect((await call(owner, 'POST', url, { locations: ['00000'] })).status).toBe(422);
    expect((await call(owner, 'POST', url, { locations: ['abc'] })).status).toBe(422);
    expect((await call(franchise, 'POST', url, { locations: [own[0]] })).status).toBe(404);
    expect(
      (await call(owner, 'POST', `/nope/campaigns/${c.id}/settings/locations`, { locations: [own[0]] }))
        .status,
    ).toBe(404);
  });

  it('stores and answers the call schedule; refuses bad hours', async () => {
    const c = await callsCampaign();
    const url = `/${c.product}/campaigns/${c.id}/settings/update_schedule`;
    const schedule = Array.from({ length: 7 }, (_, weekday) => ({
      weekday,
      day: 'x',
      is_opened: weekday < 5,
      is_24_hours: weekday === 4,
      from: weekday < 4 ? '08:30' : null,
      to: weekday < 4 ? '17:00' : null,
    }));
    const res = await call(owner, 'POST', url, { enable_call_schedule: true, schedule });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Call schedule hours has been updated successfully');
    const got = await call(owner, 'GET', `/campaigns/${c.id}/schedule`);
    expect(got.body.enable_call_schedule).toBe(true);
    expect(got.body.schedule[0]).toMatchObject({
      day: 'monday',
      is_opened: true,
      from: '08:30',
      to: '17:00',
    });
    expect(got.body.schedule[4]).toMatchObject({ is_24_hours: true, from: null });
    const rows = await t.db.select().from(campaignSchedules).where(eq(campaignSchedules.campaign_id, c.id));
    expect(rows).toHaveLength(7);
    const reversed = schedule.map((d) => (d.weekday === 0 ? { ...d, from: '18:00', to: '09:00' } : d));
    const refused = await call(owner, 'POST', url, { enable_call_schedule: true, schedule: reversed });
    expect(refused.status).toBe(422);
    // The same words the Schedule tab says before it queues (features/campaigns/schedule-rules.ts).
    expect(JSON.stringify(refused.body)).toContain('Monday: the start must be before the end');
    const odd = schedule.map((d) => (d.weekday === 0 ? { ...d, from: '08:15' } : d));
    expect((await call(owner, 'POST', url, { enable_call_schedule: true, schedule: odd })).status).toBe(422);
    expect(
      (await call(owner, 'POST', url, { enable_call_schedule: true, schedule: schedule.slice(1) })).status,
    ).toBe(422);
  });

  it('creates a campaign on an own account (only where allowed), with the chosen zips targeted', async () => {
    const [account] = await t.db.select().from(accounts).where(eq(accounts.organization_id, ownerOrg));
    const services = await call(
      owner,
      'GET',
      `/${account.platform}/campaign/services?account_ref_id=${account.ref_id}`,
    );
    expect(services.status).toBe(200);
    const service = services.body.services[0].name;
    const locations = await call(
      owner,
      'GET',
      `/locations/search?account_ref_id=${account.ref_id}&service_name=${service}`,
    );
    expect(locations.status).toBe(200);
    const zip = locations.body.locations[0].zipcodes[0].zipcode;
    const url = `/${account.platform}/campaigns`;
    const res = await call(owner, 'POST', url, { account_id: account.ref_id, service, locations: [zip] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('Campaign has been created successfully.');
    const targeted = await t.db
      .select()
      .from(campaignZipcodes)
      .where(eq(campaignZipcodes.campaign_id, res.body.campaign.id));
    expect(targeted.filter((z) => z.targeted).map((z) => z.zipcode)).toEqual([zip]);
    // The overview's create_campaign task for that account is done, whichever host created it.
    const tasks = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.organization_id, ownerOrg), eq(activities.key, 'create_campaign')));
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.every((task) => task.status === 'completed')).toBe(true);
    const empty = await call(owner, 'POST', url, { account_id: account.ref_id, service, locations: [] });
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.body)).toContain('Unable to select location with no zipcodes');
    const franchiseUser = await call(franchise, 'POST', url, {
      account_id: account.ref_id,
      service,
      locations: [zip],
    });
    expect(franchiseUser.status).toBe(422);
    expect((await call(owner, 'POST', url, { account_id: 'nope', service, locations: [zip] })).status).toBe(
      404,
    );
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, ownerOrg));
    expect(org).toBeTruthy();
  });

  it("answers the spec's GET /client/{platform}/accounts with that platform's own accounts", async () => {
    const own = await t.db.select().from(accounts).where(eq(accounts.organization_id, ownerOrg));
    const platform = own[0].platform;
    const res = await call(owner, 'GET', `/client/${platform}/accounts`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(is(res.body, CreateAccountsResponse)).toBe(true);
    const expected = own.filter((a) => a.platform === platform).map((a) => a.ref_id);
    expect(res.body.accounts.map((a: { ref_id: string }) => a.ref_id).sort()).toEqual(expected.sort());
    expect(res.body.accounts.every((a: { platform: string }) => a.platform === platform)).toBe(true);
    // The path clients before it ask still answers every platform's accounts, the same records.
    const old = await call(owner, 'GET', '/campaign/accounts');
    expect(old.status).toBe(200);
    expect(old.body.accounts.filter((a: { platform: string }) => a.platform === platform)).toEqual(
      res.body.accounts,
    );
    // A platform with none of the caller's accounts is empty; one the spec does not name is a 404.
    const other = ['live', 'direct', 'socius', 'bpr', 'fsr', 'franchise'].find(
      (p) => !own.some((a) => a.platform === p),
    );
    if (other) expect((await call(owner, 'GET', `/client/${other}/accounts`)).body.accounts).toEqual([]);
    const unknown = await call(owner, 'GET', '/client/myspace/accounts');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toBe('Platform not found');
    expect((await call(owner, 'GET', '/client/Live!/accounts')).status).toBe(404);
    expect((await call(null, 'GET', `/client/${platform}/accounts`)).status).toBe(401);
  });
});
