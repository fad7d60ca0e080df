/**
 * The breakdown tables' CSV exports at the spec's paths (part 3 §7: the table's path with `.csv`):
 * every path answers the shared export flow with the table's own columns, the file sums to the
 * table's totals, bad input answers 422 and a customer cannot export another customer's locations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csvPathOf,
  PERFORMANCE_EXPORT_PATHS,
  type PerformanceExportType,
  type TableResponse,
} from '../../src/api/contracts/performance';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';
import { FIXTURE_EMAIL, seedPerfFixture, WEEK } from './perf-fixture';

const TYPES = Object.keys(PERFORMANCE_EXPORT_PATHS) as PerformanceExportType[];

describe.each(dbKinds)('performance CSV exports on %s', (kind) => {
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

  const post = (url: string, payload: object, s: Session = me) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: s.headers, payload });

  const csvOf = async (type: PerformanceExportType, payload: object, s: Session = me) => {
    const exported = await post(csvPathOf(type), payload, s);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().action).toBe('download');
    const file = await t.app.inject({ method: 'GET', url: exported.json().message });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    return { header: lines[0].split(','), rows: lines.slice(1).map((l) => l.split(',')), body: file.body };
  };

  const table = async (type: PerformanceExportType, query: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1${PERFORMANCE_EXPORT_PATHS[type]}?${new URLSearchParams(query)}`,
      headers: me.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TableResponse;
  };

  it.each(TYPES)('%s answers the export flow at its .csv path with the table columns', async (type) => {
    const csv = await csvOf(type, WEEK);
    const answer = await table(type, WEEK);
    expect(csv.header).toEqual(answer.totals.filter((c) => c.name !== 'ad_thumbnail').map((c) => c.label));
    expect(csv.rows).toHaveLength(answer.total_records);
  });

  /** Every additive column of the file (not a ratio) sums to the table's totals, money to the cent. */
  const expectSumsToTotals = (csv: { header: string[]; rows: string[][] }, answer: TableResponse) => {
    let checked = 0;
    for (const cell of answer.totals) {
      if (typeof cell.value !== 'number' || /cp[clm]|ctr|rate/.test(cell.name)) continue;
      const i = csv.header.indexOf(cell.label);
      const sum = csv.rows.reduce((n, r) => n + Number(r[i]), 0);
      expect(Math.round(sum * 100) / 100, cell.label).toBe(cell.value);
      checked++;
    }
    expect(checked).toBeGreaterThan(2);
  };

  it('the search locations CSV sums to the table totals, for the requested locations', async () => {
    expectSumsToTotals(await csvOf('search-locations', WEEK), await table('search-locations', WEEK));
    const onlyA = await csvOf('search-locations', { ...WEEK, location_ids: ['PTA-1'] });
    expect(onlyA.rows.map((r) => r[0])).toEqual(['Alpha Location']);
    expectSumsToTotals(onlyA, await table('search-locations', { ...WEEK, account: 'PTA-1' }));
  });

  it('the device breakdown CSV sums to the table totals, per provider tab', async () => {
    const ppc = await csvOf('device-breakdown', WEEK);
    expect(ppc.rows.map((r) => r[0])).toEqual(['Computers', 'Mobile Devices', 'Tablets', 'Other']);
    expectSumsToTotals(ppc, await table('device-breakdown', WEEK));
    const lsa = await csvOf('device-breakdown', {
      ...WEEK,
      filters: [{ name: 'provider', op: 'equals', value: 'lsa' }],
    });
    expectSumsToTotals(lsa, await table('device-breakdown', { ...WEEK, provider: 'lsa' }));
    expect(lsa.body).not.toEqual(ppc.body);
  });

  it('the old /{type}/export routes are gone: one way to export a table', async () => {
    expect((await post('/search-locations/export', WEEK)).statusCode).toBe(404);
    expect((await post('/device-breakdown/export', WEEK)).statusCode).toBe(404);
  });

  it.each([
    ['reversed range', { start_date: '2026-10-07', end_date: '2026-10-01' }, 'end_date'],
    ['impossible date', { start_date: '2026-13-40', end_date: '2026-10-07' }, 'start_date'],
    ['not a date', { start_date: 'yesterday', end_date: '2026-10-07' }, 'start_date'],
    ['range too long', { start_date: '2020-01-01', end_date: '2026-10-07' }, 'start_date'],
    ['unknown location', { ...WEEK, location_ids: ['NOPE-1'] }, 'location_ids'],
  ])('%s answers 422 with the field', async (_name, payload, field) => {
    for (const type of ['search-locations', 'device-breakdown'] as const) {
      const res = await post(csvPathOf(type), payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toHaveProperty(field);
    }
  });

  it("a customer cannot export another customer's locations", async () => {
    for (const type of TYPES) {
      const res = await post(csvPathOf(type), { ...WEEK, location_ids: ['PTA-1'] }, owner);
      expect(res.statusCode, `${type} ${res.body}`).toBe(422);
    }
    const own = await csvOf('search-locations', WEEK, owner);
    expect(own.body).not.toContain('Alpha Location');
    expect(own.body).not.toContain('Beta Location');
    expect((await post(csvPathOf('search-locations'), WEEK, { ...me, headers: {} })).statusCode).toBe(401);
  });
});
