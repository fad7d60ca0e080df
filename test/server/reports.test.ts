/**
 * The report registry (server/domain/performance/reports.ts), one parametrised test over every entry: it
 * answers its response contract for a demo user, 401 without a session, and 4xx with {errors} on
 * bad input. A new report is covered by being registered.
 */
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS, type ReportDefinition } from '../../server/domain/performance/reports';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

/** Input no report accepts: a page that is no number, and a field no contract has. */
const BAD_INPUT = { page: 'not-a-number', per_page: '-5', no_such_field: 'x' };

describe.each(dbKinds)('report registry on %s', (kind) => {
  let t: TestApp;
  let owner: Session;

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
  });
  afterAll(() => t?.close());

  const ask = ({ endpoint }: ReportDefinition, headers: Record<string, string>, input?: object) => {
    const query =
      endpoint.method === 'GET' && input ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
    return t.app.inject({
      method: endpoint.method,
      url: `/api/v1${endpoint.path}${query}`,
      headers,
      payload: endpoint.method === 'POST' ? (input ?? {}) : undefined,
    });
  };

  it('registers at least the reports that exist today', () => {
    expect(REPORTS.map((r) => r.endpoint.key)).toEqual(
      expect.arrayContaining(['POST /leads', 'GET /leads/filter_fields']),
    );
  });

  describe.each(REPORTS.map((entry) => [entry.endpoint.key, entry] as const))('%s', (_name, entry) => {
    it('answers its contract for a demo user', async () => {
      const res = await ask(entry, owner.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(is(res.json(), entry.endpoint.response)).toBe(true);
    });

    it('is 401 without a session', async () => {
      const res = await ask(entry, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toHaveProperty('errors');
    });

    it('is 4xx with {errors} on bad input', async () => {
      const res = await ask(entry, owner.headers, BAD_INPUT);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toHaveProperty('errors');
    });
  });
});
