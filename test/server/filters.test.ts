/**
 * The toolbar's memory through the real app: saved filters (messages, duplicates, delete), recent
 * filters and searches remembered by the list, table column configs and resized widths, and that
 * none of it crosses from one user to another.
 */
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COLUMN_REQUIRED,
  FILTER_NAME_REQUIRED,
  FiltersResponse,
  TableConfigResponse,
} from '../../src/api/contracts/toolbar';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('filters and table config on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let other: Session;

  const call = (s: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: s.headers,
      payload: payload as Record<string, unknown>,
    });
  const filters = async (s: Session) => {
    const res = await call(s, 'GET', '/filters/leads');
    expect(is(res.json(), FiltersResponse)).toBe(true);
    return res.json() as FiltersResponse;
  };
  const calls = [{ name: 'lead_type', op: 'equals', value: 'Call' }];

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    other = await signIn(t, 'franchise@demo.test');
  });
  afterAll(() => t?.close());

  it("lists the seeded saved filters, recent filters and searches, each user's own", async () => {
    const mine = await filters(owner);
    expect(mine.saved_filters.map((f) => f.name)).toEqual(['Air duct forms', 'Calls only']);
    expect(mine.query_filters.map((q) => q.query)).toEqual(['round rock', 'smith']);
    expect(mine.recent_filters).toHaveLength(1);
    expect((await filters(other)).saved_filters.map((f) => f.name)).toEqual(['Roofing calls']);
    expect((await call(owner, 'GET', '/filters/invoices')).statusCode).toBe(404);
  });

  it('saves a filter, refuses a missing or taken name under the name field, and deletes it', async () => {
    const missing = await call(owner, 'POST', '/filters/leads/new', { name: '  ', filters: calls });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ name: [FILTER_NAME_REQUIRED] });
    const absent = await call(owner, 'POST', '/filters/leads/new', { filters: calls });
    expect(absent.json().errors).toEqual({ name: [FILTER_NAME_REQUIRED] });
    const saved = await call(owner, 'POST', '/filters/leads/new', { name: 'Phone calls', filters: calls });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().saved_filter).toMatchObject({ name: 'Phone calls', filters: calls });
    const taken = await call(owner, 'POST', '/filters/leads/new', { name: 'phone CALLS', filters: calls });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name[0]).toMatch(/already exists/);
    // Another user can neither see nor delete it, and may use the same name.
    expect((await filters(other)).saved_filters.some((f) => f.name === 'Phone calls')).toBe(false);
    expect((await call(other, 'DELETE', '/filters/leads', { name: 'Phone calls' })).statusCode).toBe(404);
    expect(
      (await call(other, 'POST', '/filters/leads/new', { name: 'Phone calls', filters: calls })).statusCode,
    ).toBe(201);
    const gone = await call(owner, 'DELETE', '/filters/leads', { name: 'Phone calls', type: 'saved' });
    expect(gone.statusCode).toBe(200);
    expect((await filters(owner)).saved_filters.some((f) => f.name === 'Phone calls')).toBe(false);
    expect((await filters(other)).saved_filters.some((f) => f.name === 'Phone calls')).toBe(true);
  });

  it('remembers searches and filter sets from the list, newest first, once each, at most ten', async () => {
    const search = (query: string) => call(owner, 'POST', '/leads', { query });
    await search('garcia');
    await search('smith');
    await search('x'); // too short to remember
    const after = await filters(owner);
    expect(after.query_filters.map((q) => q.query).slice(0, 3)).toEqual(['smith', 'garcia', 'round rock']);
    for (let i = 0; i < 12; i++) await search(`term ${i}`);
    expect((await filters(owner)).query_filters).toHaveLength(10);
    await call(owner, 'POST', '/leads', { filters: calls });
    await call(owner, 'POST', '/leads', { filters: calls, page: 2 });
    const recent = (await filters(owner)).recent_filters;
    expect(recent[0].filters).toEqual(calls);
    expect(recent.filter((r) => r.filters.length === 1 && r.filters[0].value === 'Call')).toHaveLength(1);
    expect((await filters(other)).query_filters.some((q) => q.query === 'garcia')).toBe(false);
  });

  it('saves and resets the checked columns; at least one must be checked', async () => {
    const initial = await call(owner, 'GET', '/table/leads');
    expect(is(initial.json(), TableConfigResponse)).toBe(true);
    const columns = initial.json().required_fields as { name: string; label: string; checked: boolean }[];
    expect(columns.filter((c) => c.checked).map((c) => c.name)).toHaveLength(8);
    expect(columns.find((c) => c.name === 'name')).toMatchObject({ width: 220 });
    const none = await call(owner, 'POST', '/table/leads', {
      required_fields: columns.map((c) => ({ ...c, checked: false })),
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ required_fields: [COLUMN_REQUIRED] });
    const chosen = columns.map((c) => ({ ...c, checked: ['email', 'name', 'cost'].includes(c.name) }));
    const reordered = [chosen[9], ...chosen.filter((_, i) => i !== 9)];
    const saved = await call(owner, 'POST', '/table/leads', { required_fields: reordered });
    expect(saved.statusCode).toBe(200);
    const list = await call(owner, 'POST', '/leads', {});
    expect(list.json().leads[0].data.map((c: { name: string }) => c.name)).toEqual(['email', 'name', 'cost']);
    const reset = await call(owner, 'DELETE', '/table/leads');
    expect(reset.json().required_fields.filter((c: { checked: boolean }) => c.checked)).toHaveLength(8);
    expect((await call(owner, 'GET', '/table/unknown')).statusCode).toBe(404);
  });

  it('keeps a resized width between 100 (excluded) and 600 px, per user', async () => {
    for (const [size, status] of [
      [100, 422],
      [99, 422],
      [601, 422],
      [101, 200],
      [600, 200],
    ] as const) {
      const res = await call(owner, 'POST', '/table/leads', { column_id: 'city', column_size: size });
      expect(res.statusCode, String(size)).toBe(status);
    }
    const bogus = await call(owner, 'POST', '/table/leads', { column_id: 'password_hash', column_size: 200 });
    expect(bogus.statusCode).toBe(422);
    const list = await call(owner, 'POST', '/leads', {});
    expect(list.json().leads[0].data.find((c: { name: string }) => c.name === 'city').width).toBe(600);
    const theirs = await call(other, 'POST', '/leads', {});
    expect(theirs.json().leads[0].data.find((c: { name: string }) => c.name === 'city').width).toBeNull();
  });
});
