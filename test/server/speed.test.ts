/**
 * The leads statistics cache (issue 17, domain/leads-cache.ts): the header's figures are held per
 * organization and leads_version, which a trigger bumps on every write to the organization's leads
 * or accounts. Proves that a repeated list answers from memory, that every kind of change is seen
 * by the next request (even one made by raw SQL, as another instance would), and that cached and
 * freshly counted answers are the same for a franchise and for a single-location customer.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../server/db/schema/identity';
import { leads } from '../../server/db/schema/leads';
import { accounts } from '../../server/db/schema/shell';
import { leadsReport } from '../../server/domain/leads-report';
import type { LeadsResponse } from '../../src/api/contracts/leads';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

const PAGE = { page: 1, per_page: 20, order_by: 'created_at', order: 'desc' } as const;
const MONTH = { ...PAGE, start_date: '2026-10-01', end_date: '2026-10-31' };

describe.each(dbKinds)('leads statistics cache on %s', (kind) => {
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
});
