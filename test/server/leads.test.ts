/**
 * POST /leads through the real app: contract, sorting, paging, every filter operator, search,
 * date ranges in the customer's time zone, narrow-screen columns and the statistics header.
 * Expected answers are recomputed straight from the database, so the SQL is checked, not trusted.
 */
import { and, eq, gte, lt } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../server/db/schema/identity';
import { leads } from '../../server/db/schema/leads';
import { accounts } from '../../server/db/schema/shell';
import { LeadsResponse, SORTABLE_LEAD_COLUMNS } from '../../src/api/contracts/leads';
import { FilterFieldsResponse } from '../../src/api/contracts/toolbar';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

type Row = typeof leads.$inferSelect & { account_ref: string };

describe.each(dbKinds)('leads list on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let franchise: Session;
  let all: Row[];
  let zone: string;

  const list = async (s: Session, body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      headers: s.headers,
      payload: body,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const ok = async (s: Session, body: Record<string, unknown>) => {
    const res = await list(s, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(is(res.body, LeadsResponse)).toBe(true);
    return res.body as LeadsResponse;
  };
  const cell = (row: LeadsResponse['leads'][number], name: string) =>
    row.data.find((c) => c.name === name)?.value;
  /** Everything in one query, for expected values. */
  const count = (where: (r: Row) => boolean) => all.filter(where).length;

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    franchise = await signIn(t, 'franchise@demo.test');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'franchise@demo.test'));
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, user.organization_id));
    zone = org.time_zone;
    all = (
      await t.db
        .select({ lead: leads, account_ref: accounts.ref_id })
        .from(leads)
        .innerJoin(accounts, eq(accounts.id, leads.account_id))
        .where(eq(accounts.organization_id, user.organization_id))
    ).map((r) => ({ ...r.lead, account_ref: r.account_ref }));
  });
  afterAll(() => t?.close());

  it('answers the first page newest first with 20 rows, statistics and paging', async () => {
    const body = await ok(franchise, {});
    expect(body.leads).toHaveLength(20);
    expect(body.total_records).toBe(all.length);
    expect(body.total_pages).toBe(Math.ceil(all.length / 20));
    expect([body.current_page, body.showing_from, body.showing_to]).toEqual([1, 1, 20]);
    const times = body.leads.map((l) => l.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const calls = count((r) => r.lead_type === 'Call');
    expect(body.leads_statistic.total_leads.value).toBe(all.length);
    expect(body.leads_statistic.call_leads.value).toBe(calls);
    expect(body.leads_statistic.form_leads.value).toBe(all.length - calls);
    const cents = all.reduce((sum, r) => sum + r.cost_cents, 0);
    expect(body.leads_statistic.total_cost.value).toBeCloseTo(cents / 100, 2);
    const billable = count((r) => r.billable);
    expect(body.leads_statistic.avg_cpl.value).toBeCloseTo(Math.round(cents / billable) / 100, 2);
    expect(body.leads[0].data.map((c) => c.name)).toEqual([
      'name',
      'created_at',
      'service',
      'city',
      'state',
      'zipcode',
      'cost',
      'billable',
    ]);
  });

  it('pages through without overlap', async () => {
    const first = await ok(franchise, { page: 1, per_page: 50 });
    const second = await ok(franchise, { page: 2, per_page: 50 });
    expect(second.showing_from).toBe(51);
    const ids = new Set(first.leads.map((l) => l.lead_id));
    expect(second.leads.some((l) => ids.has(l.lead_id))).toBe(false);
    const beyond = await ok(franchise, { page: 100_000 });
    expect(beyond.leads).toEqual([]);
    expect(beyond.showing_from).toBe(0);
  });

  it.each(SORTABLE_LEAD_COLUMNS)('sorts by %s both ways', async (column) => {
    for (const order of ['asc', 'desc'] as const) {
      const body = await ok(franchise, { order_by: column, order, per_page: 100 });
      const values = body.leads.map((l) =>
        column === 'cost' ? Number(cell(l, 'cost')) : (cell(l, column) ?? null),
      );
      const present = values.filter((v) => v !== null);
      const sorted = [...present].sort((a, b) =>
        typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en'),
      );
      if (order === 'desc') sorted.reverse();
      // Collation differences aside, the database's order is monotonic in the column.
      if (column === 'cost' || column === 'created_at') expect(present).toEqual(sorted);
      else expect(present.length).toBe(values.length);
    }
  });

  it('refuses unknown sort columns, page sizes and filter fields with 422', async () => {
    for (const body of [
      { order_by: 'password' },
      { per_page: 1000 },
      { page: 0 },
      { filters: [{ name: 'organization_id', op: 'equals', value: '1' }] },
      { filters: [{ name: 'service', op: 'like', value: 'x' }] },
      { filters: [{ name: 'service', op: 'equals', value: '  ' }] },
      { start_date: '2026-02-30' },
      { sort: 'created_at' },
    ]) {
      const res = await list(franchise, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toHaveProperty('errors');
    }
  });

  it('applies every operator on service', async () => {
    const service = all[0].service;
    const part = service.slice(1, 5).toUpperCase();
    const cases: [string, string, (r: Row) => boolean][] = [
      ['equals', service.toLowerCase(), (r) => r.service.toLowerCase() === service.toLowerCase()],
      ['not_equals', service, (r) => r.service.toLowerCase() !== service.toLowerCase()],
      ['contains', part, (r) => r.service.toLowerCase().includes(part.toLowerCase())],
      ['not_contains', part, (r) => !r.service.toLowerCase().includes(part.toLowerCase())],
    ];
    for (const [op, value, expected] of cases) {
      const body = await ok(franchise, { filters: [{ name: 'service', op, value }] });
      expect(body.total_records, `${op} ${value}`).toBe(count(expected));
    }
  });

  it('filters by type, billable, location, state, city and zip code, and combines them', async () => {
    const sample = all.find((r) => r.city && r.zipcode && r.state) as Row;
    const cases: [Record<string, string>, (r: Row) => boolean][] = [
      [{ name: 'lead_type', value: 'Form' }, (r) => r.lead_type === 'Form'],
      [{ name: 'billable', value: 'false' }, (r) => !r.billable],
      [{ name: 'billable', value: 'true' }, (r) => r.billable],
      [{ name: 'location', value: sample.account_ref }, (r) => r.account_ref === sample.account_ref],
      [{ name: 'state', value: sample.state as string }, (r) => r.state === sample.state],
      [{ name: 'city', value: (sample.city as string).toUpperCase() }, (r) => r.city === sample.city],
      [{ name: 'zipcode', value: sample.zipcode as string }, (r) => r.zipcode === sample.zipcode],
    ];
    for (const [filter, expected] of cases) {
      const body = await ok(franchise, { filters: [{ op: 'equals', ...filter }] });
      expect(body.total_records, JSON.stringify(filter)).toBe(count(expected));
    }
    const both = await ok(franchise, {
      filters: [
        { name: 'lead_type', op: 'equals', value: 'Call' },
        { name: 'location', op: 'equals', value: sample.account_ref },
      ],
    });
    expect(both.total_records).toBe(
      count((r) => r.lead_type === 'Call' && r.account_ref === sample.account_ref),
    );
    const either = await ok(franchise, {
      filters: [
        { name: 'lead_type', op: 'equals', value: 'Call' },
        { name: 'lead_type', op: 'equals', value: 'Form' },
      ],
    });
    expect(either.total_records).toBe(all.length);
  });

  it('treats filter values as values: quotes, wildcards and SQL stay literal', async () => {
    for (const value of ["%' OR 1=1 --", '_', '%', '\\']) {
      const body = await ok(franchise, { filters: [{ name: 'service', op: 'contains', value }] });
      expect(body.total_records).toBe(0);
      const search = await ok(franchise, { query: value });
      expect(search.total_records).toBe(count((r) => (r.email ?? '').includes(value)));
    }
  });

  it('searches names, places and phone digits', async () => {
    const sample = all[5];
    const last = sample.name.split(' ')[1];
    const byName = await ok(franchise, { query: last.toLowerCase() });
    const needle = last.toLowerCase();
    const searched = (r: Row) =>
      [r.name, r.email, r.city, r.state, r.zipcode, r.service, r.ref_id, r.address, r.phone_number].some(
        (v) => v?.toLowerCase().includes(needle),
      );
    expect(byName.total_records).toBe(count(searched));
    expect(byName.total_records).toBeGreaterThan(0);
    const phone = sample.phone_number as string;
    const formatted = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
    const byPhone = await ok(franchise, { query: formatted });
    expect(byPhone.total_records).toBeGreaterThanOrEqual(1);
  });

  it("reads dates as days in the customer's time zone and compares with the previous period", async () => {
    const start = '2026-11-01';
    const end = '2026-11-07';
    const body = await ok(franchise, { start_date: start, end_date: end });
    const rows = await t.db
      .select({ id: leads.id })
      .from(leads)
      .innerJoin(accounts, eq(accounts.id, leads.account_id))
      .where(
        and(
          eq(
            accounts.organization_id,
            (await t.db.select().from(users).where(eq(users.email, 'franchise@demo.test')))[0]
              .organization_id,
          ),
          gte(leads.created_at, localMidnight(start, zone)),
          lt(leads.created_at, localMidnight('2026-11-08', zone)),
        ),
      );
    expect(body.total_records).toBe(rows.length);
    const [from, until] = [localMidnight('2026-10-25', zone), localMidnight(start, zone)];
    const previous = all.filter((r) => r.created_at >= from && r.created_at < until).length;
    expect(body.leads_statistic.total_leads.previous_value).toBe(previous);
    const change = Math.round(((rows.length - previous) / previous) * 10_000) / 100;
    expect(body.leads_statistic.total_leads.performance_change).toBeCloseTo(change, 2);
  });

  it('answers only the named columns on narrow screens, with saved widths', async () => {
    const body = await ok(owner, { required_fields: ['name', 'email'] });
    expect(body.leads[0].data.map((c) => [c.name, c.width])).toEqual([
      ['name', 220],
      ['email', 240],
    ]);
  });

  it('lists the New filter fields with option lists and operators', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/leads/filter_fields',
      headers: franchise.headers,
    });
    const body = res.json();
    expect(is(body, FilterFieldsResponse)).toBe(true);
    const fields = (body as FilterFieldsResponse).fields;
    for (const field of fields) {
      expect(field.op.map((o) => o.name)).toEqual(
        field.name === 'service' ? ['equals', 'not_equals', 'contains', 'not_contains'] : ['equals'],
      );
    }
    expect(fields.find((f) => f.name === 'location')?.values).toHaveLength(28);
    expect(fields.find((f) => f.name === 'service')?.values?.length).toBeGreaterThan(0);
  });
});

/** The instant a local calendar day starts in a zone (test-side, independent of the server's SQL). */
function localMidnight(day: string, zone: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  const local = new Date(guess.toLocaleString('en-US', { timeZone: zone }));
  const utc = new Date(guess.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(guess.getTime() + (utc.getTime() - local.getTime()));
}
