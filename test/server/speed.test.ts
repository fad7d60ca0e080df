/**
 * What is held in memory by version (issue 17, lib/version-cache.ts): the leads header's figures
 * per organization and leads_version, whole leads pages per user, query and leads_version, and
 * GET /user/settings per user and settings_version; triggers bump the versions on every write that
 * changes them. Proves that every kind of change (leads, accounts, review status, table columns,
 * tabs, campaigns) is seen by the next request (even one made by plain SQL, as another instance or
 * a tool would), that other organizations keep theirs, that held and freshly read answers are the
 * same for a franchise and for a single-location customer, and that a held answer never outlives
 * its session. (statements.test.ts proves a repeat reads from memory.)
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../server/db/schema/campaigns';
import { organizations, users } from '../../server/db/schema/identity';
import { leads } from '../../server/db/schema/leads';
import { accounts, tabs } from '../../server/db/schema/shell';
import { loadUserSettings } from '../../server/domain/auth/users';
import { leadsReport } from '../../server/domain/leads/leads-report';
import { sha256 } from '../../server/lib/crypto';
import type { LeadsResponse } from '../../src/api/contracts/leads';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

const PAGE = { page: 1, per_page: 20, order_by: 'created_at', order: 'desc' } as const;
const MONTH = { ...PAGE, start_date: '2026-10-01', end_date: '2026-10-31' };

describe.each(dbKinds)('answers held by version on %s', (kind) => {
  let t: TestApp;
  let franchise: Session;
  let owner: Session;

  const list = async (s: Session, body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      headers: s.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LeadsResponse;
  };
  const version = async (email: string) => {
    const [row] = await t.db
      .select({ v: organizations.leads_version, org: organizations.id, zone: organizations.time_zone })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organization_id))
      .where(eq(users.email, email));
    return row;
  };
  /** The same answer counted afresh (no leads version: the statistics cache is not used). */
  const uncached = async (email: string, body: typeof PAGE | typeof MONTH) => {
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const org = await version(email);
    const log = { warn: () => {} } as never;
    return leadsReport(
      t.db,
      { userId: user.id, organizationId: org.org, timeZone: org.zone },
      { ...body, required_fields: undefined } as never,
      log,
    );
  };

  beforeAll(async () => {
    t = await startApp(kind);
    franchise = await signIn(t, 'franchise@demo.test');
    owner = await signIn(t, 'owner@demo.test');
  });
  afterAll(() => t?.close());

  it('answers the same from memory as counted afresh, for a franchise and a single location', async () => {
    for (const [session, email] of [
      [franchise, 'franchise@demo.test'],
      [owner, 'owner@demo.test'],
    ] as const) {
      for (const body of [PAGE, MONTH]) {
        const first = await list(session, body);
        const second = await list(session, body);
        expect(second).toEqual(first);
        expect(second).toEqual(await uncached(email, body));
        expect(first.total_records).toBeGreaterThan(0);
      }
    }
  });

  it('bumps leads_version on every write to leads, and only for the organization written', async () => {
    const before = await version('franchise@demo.test');
    const other = await version('owner@demo.test');
    const [first] = await t.db
      .select({ id: leads.id })
      .from(leads)
      .innerJoin(accounts, eq(accounts.id, leads.account_id))
      .where(eq(accounts.organization_id, before.org))
      .limit(1);
    await t.db
      .update(leads)
      .set({ cost_cents: sql`${leads.cost_cents} + 1` })
      .where(eq(leads.id, first.id));
    expect((await version('franchise@demo.test')).v).toBeGreaterThan(before.v);
    expect((await version('owner@demo.test')).v).toBe(other.v);
  });

  it('sees a new lead, a changed cost and a removed lead on the next request', async () => {
    const start = await list(franchise, PAGE);
    await list(franchise, PAGE); // held now
    const arrived = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/leads',
      payload: { email: 'franchise@demo.test', lead_type: 'Form' },
    });
    expect(arrived.statusCode, arrived.body).toBe(200);
    const id = (arrived.json() as { lead: { id: number } }).lead.id;
    const added = await list(franchise, PAGE);
    expect(added.total_records).toBe(start.total_records + 1);
    expect(added.leads_statistic.form_leads.value).toBe(start.leads_statistic.form_leads.value + 1);
    expect(added.leads[0].lead_id).toBe(id);

    // Raw SQL, as another instance or a tool would write it: the trigger still bumps the version.
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, id));
    await t.db
      .update(leads)
      .set({ cost_cents: lead.cost_cents + 123_456 })
      .where(eq(leads.id, id));
    const costly = await list(franchise, PAGE);
    expect(costly.leads_statistic.total_cost.value).toBeCloseTo(
      added.leads_statistic.total_cost.value + 1234.56,
      2,
    );

    await t.db.execute(sql`delete from ${leads} where ${leads.id} = ${id}`);
    const removed = await list(franchise, PAGE);
    expect(removed.total_records).toBe(start.total_records);
    expect(removed.leads_statistic).toEqual(start.leads_statistic);
  });

  it('sees an account moved to another organization on the next request', async () => {
    const ownerOrg = await version('owner@demo.test');
    const before = await list(franchise, PAGE);
    const ownerBefore = await list(owner, PAGE);
    await list(owner, PAGE);
    const franchiseOrg = (await version('franchise@demo.test')).org;
    const [first] = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.organization_id, franchiseOrg))
      .orderBy(accounts.id)
      .limit(1);
    const moved = { id: first.id, n: await t.db.$count(leads, eq(leads.account_id, first.id)) };
    await t.db.update(accounts).set({ organization_id: ownerOrg.org }).where(eq(accounts.id, moved.id));
    const after = await list(franchise, PAGE);
    const ownerAfter = await list(owner, PAGE);
    expect(after.total_records).toBe(before.total_records - moved.n);
    expect(ownerAfter.total_records).toBe(ownerBefore.total_records + moved.n);
    await t.db.update(accounts).set({ organization_id: franchiseOrg }).where(eq(accounts.id, moved.id));
    expect((await list(franchise, PAGE)).total_records).toBe(before.total_records);
  });

  it('shows a saved column choice on the next page, statistics held or not', async () => {
    await list(franchise, PAGE);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/table/leads',
      headers: franchise.headers,
      payload: { required_fields: [{ name: 'city', label: 'City', checked: true }] },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const page = await list(franchise, PAGE);
    expect(page.leads[0].data.map((c) => c.name)).toEqual(['city']);
  });

  /** The next page, checked equal to the same page counted afresh (no version: nothing held). */
  const freshPage = async (session: Session, email: string, body: typeof PAGE | typeof MONTH = PAGE) => {
    const page = await list(session, body);
    expect(page).toEqual(await uncached(email, body));
    return page;
  };

  it("shows a lead's new review status on the next page, whether the review came through the API or SQL", async () => {
    const arrived = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/leads',
      payload: { email: 'franchise@demo.test', lead_type: 'Call' },
    });
    const id = (arrived.json() as { lead: { id: number } }).lead.id;
    const before = await freshPage(franchise, 'franchise@demo.test');
    expect(before.leads[0]).toMatchObject({ lead_id: id, review_status: null });
    await list(franchise, PAGE); // held now
    const ownerVersion = (await version('owner@demo.test')).v;

    const reviewed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/leads/${id}/review`,
      headers: franchise.headers,
      payload: { review_type: 'spam', note: 'Not a real customer at all.' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect((await freshPage(franchise, 'franchise@demo.test')).leads[0].review_status).toBe('pending');

    // Staff answer the review in the database, as a tool would.
    await t.db.execute(sql`update lead_reviews set status = 'approved' where lead_id = ${id}`);
    expect((await freshPage(franchise, 'franchise@demo.test')).leads[0].review_status).toBe('approved');
    await t.db.execute(sql`delete from lead_reviews where lead_id = ${id}`);
    expect((await freshPage(franchise, 'franchise@demo.test')).leads[0].review_status).toBeNull();
    expect((await version('owner@demo.test')).v).toBe(ownerVersion);
    await t.db.delete(leads).where(eq(leads.id, id));
  });

  it("shows a user's leads columns changed in the database on the next page, and only theirs", async () => {
    await freshPage(franchise, 'franchise@demo.test');
    const ownerBefore = await freshPage(owner, 'owner@demo.test');
    const columns = [{ name: 'zipcode', label: 'Zip', checked: true }];
    await t.db.execute(
      sql`insert into table_configs (user_id, type, columns, widths) values (${franchise.user_id}, 'leads', ${JSON.stringify(columns)}::jsonb, '{"zipcode": 140}'::jsonb)
        on conflict (user_id, type) do update set columns = excluded.columns, widths = excluded.widths`,
    );
    const zip = await freshPage(franchise, 'franchise@demo.test');
    expect(zip.leads[0].data.map((c) => [c.name, c.width])).toEqual([['zipcode', 140]]);
    expect(await list(owner, PAGE)).toEqual(ownerBefore);

    await t.db.execute(
      sql`update table_configs set widths = '{"zipcode": 90}'::jsonb where user_id = ${franchise.user_id}`,
    );
    expect((await freshPage(franchise, 'franchise@demo.test')).leads[0].data[0].width).toBe(90);
    await t.db.execute(
      sql`delete from table_configs where user_id = ${franchise.user_id} and type = 'leads'`,
    );
    const defaults = await freshPage(franchise, 'franchise@demo.test');
    expect(defaults.leads[0].data.map((c) => c.name)).not.toEqual(['zipcode']);
  });

  it('keeps held pages of the same query apart per user and per query', async () => {
    const franchisePage = await freshPage(franchise, 'franchise@demo.test', MONTH);
    const ownerPage = await freshPage(owner, 'owner@demo.test', MONTH);
    expect(ownerPage.total_records).not.toBe(franchisePage.total_records);
    const second = await list(franchise, { ...MONTH, page: 2 });
    expect(second.current_page).toBe(2);
    expect(second.leads.map((l) => l.lead_id)).not.toContain(franchisePage.leads[0].lead_id);
    const narrow = await list(franchise, { ...MONTH, required_fields: ['name'] } as never);
    expect(narrow.leads[0].data.map((c) => c.name)).toEqual(['name']);
  });

  it('refuses a held page at once after sign-out or a revocation in the database', async () => {
    const gone = await signIn(t, 'franchise@demo.test');
    const revoked = await signIn(t, 'franchise@demo.test');
    for (const s of [gone, revoked]) {
      await list(s, PAGE);
      await list(s, PAGE); // held now
    }
    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/end_session',
      headers: gone.headers,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    await t.db.execute(
      sql`update sessions set revoked_at = now() where token_hash = ${sha256(revoked.token)}`,
    );
    for (const s of [gone, revoked]) {
      for (const request of [
        { method: 'POST' as const, url: '/api/v1/leads', payload: PAGE },
        { method: 'GET' as const, url: '/api/v1/user/settings' },
      ]) {
        expect((await t.app.inject({ ...request, headers: s.headers })).statusCode).toBe(401);
      }
    }
  });

  describe('GET /user/settings', () => {
    const settings = async (s: Session) => {
      const res = await t.app.inject({ url: '/api/v1/user/settings', headers: s.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        tabs: { name: string }[];
        platforms: { platform: string }[];
        providers: { media_type: string }[];
      };
    };
    const fresh = async (email: string) => {
      const [user] = await t.db.select().from(users).where(eq(users.email, email));
      const [org] = await t.db.select().from(organizations).where(eq(organizations.id, user.organization_id));
      return loadUserSettings(t.db, {
        userId: user.id,
        organizationId: org.id,
        timeZone: org.time_zone,
        showRevconnect: org.show_revconnect,
      });
    };
    const settingsVersion = async (email: string) => {
      const [row] = await t.db
        .select({ v: organizations.settings_version, org: organizations.id, user: users.id })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organization_id))
        .where(eq(users.email, email));
      return row;
    };

    it('answers the same held as read afresh', async () => {
      for (const [session, email] of [
        [franchise, 'franchise@demo.test'],
        [owner, 'owner@demo.test'],
      ] as const) {
        const first = await settings(session);
        expect(await settings(session)).toEqual(first);
        expect(first).toEqual(await fresh(email));
      }
    });

    it("sees a new tab, a campaign's new media type and an account's new platform on the next read", async () => {
      await settings(franchise);
      const me = await settingsVersion('franchise@demo.test');
      const other = await settingsVersion('owner@demo.test');
      await settings(owner);

      await t.db.insert(tabs).values({ user_id: me.user, position: 99, name: 'Held Tab', url: '/held' });
      expect((await settings(franchise)).tabs.map((tab) => tab.name)).toContain('Held Tab');

      const [campaign] = await t.db
        .select({ id: campaigns.id, media_type: campaigns.media_type })
        .from(campaigns)
        .innerJoin(accounts, eq(accounts.id, campaigns.account_id))
        .where(eq(accounts.organization_id, me.org))
        .limit(1);
      await t.db.update(campaigns).set({ media_type: 'Held Media' }).where(eq(campaigns.id, campaign.id));
      expect((await settings(franchise)).providers.map((p) => p.media_type)).toContain('Held Media');

      const own = await t.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.organization_id, me.org));
      await t.db
        .update(accounts)
        .set({ platform: 'fsr' })
        .where(
          inArray(
            accounts.id,
            own.map((a) => a.id),
          ),
        );
      expect((await settings(franchise)).platforms).toEqual([{ platform: 'fsr' }]);
      expect(await settings(franchise)).toEqual(await fresh('franchise@demo.test'));

      // Another customer's held settings stay valid: its version did not move.
      expect((await settingsVersion('owner@demo.test')).v).toBe(other.v);
      expect(await settings(owner)).toEqual(await fresh('owner@demo.test'));
    });
  });
});
