/**
 * The leaner API path (issue 17): PGlite runs one statement at a time on the main thread, so the
 * number of statements per request is what bounds throughput. Counts every statement the database
 * runs for GET /user/settings and POST /leads (the auth lookup included) on a warm server.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, signIn, startApp, type TestApp } from './helpers';

describe('statements per request', () => {
  let t: TestApp;
  let session: Session;
  const seen: string[] = [];

  beforeAll(async () => {
    t = await startApp('pglite');
    session = await signIn(t, 'franchise@demo.test');
    const pglite = t.handle.pglite;
    if (!pglite) throw new Error('a PGlite test app has its instance');
    const query = pglite.query.bind(pglite);
    pglite.query = ((sql: string, ...rest: never[]) => {
      seen.push(sql);
      return query(sql, ...rest);
    }) as typeof pglite.query;
  });
  afterAll(() => t?.close());

  /** The statements one request runs after `warm` (by default the same request: reference lists
   *  and held answers are then in memory). */
  async function statements(request: InjectOptions, warm: InjectOptions = request) {
    expect((await t.app.inject(warm)).statusCode).toBe(200);
    seen.length = 0;
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(200);
    return [...seen];
  }

  it('answers GET /user/settings in at most 3 statements', async () => {
    const run = await statements({ url: '/api/v1/user/settings', headers: session.headers });
    expect(run.length).toBeGreaterThan(0);
    expect(run.length).toBeLessThanOrEqual(3);
  });

  it('answers POST /leads in at most 3 statements, the time zone read with the session', async () => {
    const run = await statements({
      method: 'POST',
      url: '/api/v1/leads',
      headers: session.headers,
      payload: {
        page: 1,
        per_page: 20,
        order_by: 'created_at',
        order: 'desc',
        start_date: '2026-11-01',
        end_date: '2026-11-20',
      },
    });
    expect(run.length).toBeGreaterThan(0);
    expect(run.length).toBeLessThanOrEqual(3);
    expect(run.filter((sql) => /from "organizations"\s+where/i.test(sql))).toEqual([]);
  });

  /** Leaves out the idle clock's touch (at most once a minute, an update of the session) and the
   *  job worker's poll, which may fall between the request's statements. */
  const requestReads = (run: string[]) => run.filter((sql) => !/^update "(sessions|jobs)"/i.test(sql));

  const leadsPage = (page: number): InjectOptions => ({
    method: 'POST',
    url: '/api/v1/leads',
    headers: session.headers,
    payload: { page, per_page: 20, order_by: 'created_at', order: 'desc' },
  });

  it('answers another page of a listed filter in 2 statements: the statistics of this leads version are held', async () => {
    const run = await statements(leadsPage(3), leadsPage(2));
    const reads = requestReads(run);
    expect(reads, run.join('\n---\n')).toHaveLength(2);
    expect(run.filter((sql) => /count\(\*\)/i.test(sql))).toEqual([]);
  });

  it('answers a repeated POST /leads with the auth lookup only: the page of this leads version is held', async () => {
    const run = await statements(leadsPage(1));
    const reads = requestReads(run);
    expect(reads, run.join('\n---\n')).toHaveLength(1);
    expect(reads[0]).toMatch(/from "sessions"/i);
  });

  it('answers a repeated GET /user/settings with the auth lookup only: the settings of this version are held', async () => {
    const run = await statements({ url: '/api/v1/user/settings', headers: session.headers });
    const reads = requestReads(run);
    expect(reads, run.join('\n---\n')).toHaveLength(1);
    expect(reads[0]).toMatch(/from "sessions"/i);
  });
});
