/**
 * The leads list's query shape (issue 17) changes nothing in its answers: for a spread of sorts,
 * pages, ranges and locations, the page (rows with their review status, in order) and the total
 * equal those of the plain query (every matching lead joined to its review, sorted, then cut),
 * which the CSV export still runs.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../server/db/schema/identity';
import { leads } from '../../server/db/schema/leads';
import { accounts } from '../../server/db/schema/shell';
import { leadsWhere } from '../../server/domain/leads/leads-filters';
import { leadRowsQuery, listLeads, orderOf } from '../../server/domain/leads/leads-list';
import { LeadsQuery } from '../../src/api/contracts/leads';
import { startApp, type TestApp } from './helpers';

describe('leads list query shape', () => {
  let t: TestApp;
  let scope: { organizationId: number; timeZone: string };
  let userId: number;
  let locations: string[];

  beforeAll(async () => {
    t = await startApp('pglite');
    const [user] = await t.db
      .select({ id: users.id, org: users.organization_id, tz: organizations.time_zone })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organization_id))
      .where(eq(users.email, 'franchise@demo.test'));
    userId = user.id;
    scope = { organizationId: user.org, timeZone: user.tz };
    const rows = await t.db
      .select({ ref: accounts.ref_id })
      .from(accounts)
      .where(and(eq(accounts.organization_id, user.org)));
    locations = rows.map((r) => r.ref).slice(0, 3);
  });
  afterAll(() => t?.close());

  const cases: Partial<LeadsQuery>[] = [
    {},
    { order: 'asc' },
    { page: 3, per_page: 7 },
    { order_by: 'name', page: 2 },
    { order_by: 'cost', order: 'asc', per_page: 50 },
    { start_date: '2026-11-01', end_date: '2026-11-20' },
    { start_date: '2026-10-01', end_date: '2026-10-31', page: 2, per_page: 30 },
    { page: 200, per_page: 20 },
  ];

  it.each(cases)('answers %o as the plain query does', async (input) => {
    const query = LeadsQuery.create(input);
    const check = async (q: LeadsQuery) => {
      const result = await listLeads(t.db, scope, q, userId, () => []);
      const where = leadsWhere(scope, q);
      const offset = (q.page - 1) * q.per_page;
      const plain = await leadRowsQuery(t.db, where)
        .orderBy(...orderOf(q))
        .limit(q.per_page)
        .offset(offset);
      const [{ n }] = await t.db
        .select({ n: count() })
        .from(leads)
        .innerJoin(accounts, eq(accounts.id, leads.account_id))
        .where(where);
      expect(result.leads.map((r) => [r.lead_id, r.review_status])).toEqual(
        plain.map((r) => [r.id, r.review_status ?? null]),
      );
      expect(result.total_records).toBe(n);
      expect(result.leads_statistic.total_leads.value).toBe(n);
    };
    await check(query);
    await check({ ...query, location_ids: locations });
  });
});
