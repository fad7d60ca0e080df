/**
 * Route contracts: every JSON route under /api/v1 names its response contract (so the tests'
 * response check covers it), input failures answer the one 422 shape (params: 404), and the
 * response check fails a request whose answer leaves its contract, loudly.
 */
import Fastify from 'fastify';
import { number, object, string } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResponses, structValidatorCompiler } from '../../server/lib/validation';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

/** Routes whose answer is not JSON: the live stream, a CSV download, a WAV recording, the 404 catch-all. */
const NOT_JSON = new Set([
  'GET /api/v1/live',
  'GET /api/v1/exports/:id/download',
  'GET /api/v1/leads/:id/recording',
  'GET /api/v1/logos/:signed_id',
  'GET /api/v1/invoices/:id',
]);

/** The routes anyone may call (each rate-limited or harmless), dev helpers included (dev tools on). */
const PUBLIC = [
  'POST /api/v1/client/create_session',
  // A one-time sign-in link by its 256-bit token (issue 47), rate-limited per address.
  'POST /api/v1/client/sign_in_link',
  'POST /api/v1/client/become',
  'GET /api/v1/validate/email',
  'POST /api/v1/client/password_reset',
  'POST /api/v1/client/password',
  'GET /api/v1/places',
  'POST /api/v1/error_report',
  // A logo by its unguessable signed id (an <img> sends no headers).
  'GET /api/v1/logos/:signed_id',
  'POST /api/v1/client/register',
  // A legacy account by its link's pass (X-Api-Token), checked by the route (routes/signup.ts).
  'GET /api/v1/client/marketsharp/accounts/:ms_id',
  'POST /api/v1/client/marketsharp/register',
  'POST /api/v1/dev/leads',
  'POST /api/v1/dev/emit',
  'GET /api/v1/dev/mails',
  'POST /api/v1/dev/invite',
  'GET /api/v1/dev/signup-links',
  'POST /api/v1/dev/invoices',
  'GET /api/v1/dev/invoices/:id/payments',
];

describe.each(dbKinds)('route contracts on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
  });
  afterAll(() => t?.close());

  it('every JSON route under /api/v1 declares its response contract', () => {
    const missing = t.app.routeList
      .filter((r) => r.url.startsWith('/api/v1/') && r.url !== '/api/v1/*')
      .filter((r) => !NOT_JSON.has(`${r.method} ${r.url}`) && !r.hasContract)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('answers a body failure with 422 {errors: {field: [messages]}} and a params failure with 404', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/filters/leads/new',
      headers: owner.headers,
      payload: { name: 42, filters: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'filters']));
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/filters/nope',
      headers: owner.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: 'Unknown table' });
    const badId = await t.app.inject({ method: 'GET', url: '/api/v1/leads/abc', headers: owner.headers });
    expect(badId.statusCode).toBe(404);
  });

  it('registers every API route inside an auth context, and only the known ones as public', () => {
    // The 404 catch-all answers every unknown path the same way, signed in or not.
    const api = t.app.routeList.filter((r) => r.url.startsWith('/api/v1/') && r.url !== '/api/v1/*');
    expect(api.filter((r) => !r.auth).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const open = api.filter((r) => r.auth === 'public').map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual(PUBLIC.sort());
    const bySession = api.filter((r) => r.auth === 'session');
    expect(bySession.length).toBeGreaterThan(15);
  });

  it('refuses every session route without a session', async () => {
    for (const route of t.app.routeList.filter((r) => r.url.startsWith('/api/v1/') && r.auth === 'session')) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:[a-z_]+/g, '1'),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('checks auth before input: no session is 401 whatever the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/filters/leads/new',
      payload: { name: 42 },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the response check', () => {
  const build = async (check: boolean) => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(structValidatorCompiler);
    if (check) checkResponses(app);
    const Answer = object({ id: number(), name: string() });
    app.get('/good', { config: { response: Answer } }, async () => ({ id: 1, name: 'a' }));
    app.get('/bad', { config: { response: Answer } }, async () => ({ id: 'one' }));
    await app.ready();
    return app;
  };

  it('fails a request whose answer leaves its contract, naming the route and the fields', async () => {
    const app = await build(true);
    expect((await app.inject('/good')).statusCode).toBe(200);
    const bad = await app.inject('/bad');
    expect(bad.statusCode).toBe(500);
    expect(bad.body).toContain('GET /bad answered outside its contract');
    expect(bad.body).toContain('id');
    await app.close();
  });

  it('is off unless asked for (production answers as it always did)', async () => {
    const app = await build(false);
    expect((await app.inject('/bad')).statusCode).toBe(200);
    await app.close();
  });
});
