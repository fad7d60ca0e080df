/**
 * Every route, fed garbage: wrong types, wrong shapes, huge and malformed values, bad ids. Each must
 * answer a 4xx with an {errors} body (or succeed where the garbage is harmless), never a 5xx.
 * fuzz.test.ts extends this sweep into a seeded fuzzer aimed at each route's own fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

const BODIES: unknown[] = [
  undefined,
  {},
  [],
  'text',
  42,
  null,
  { email: 123, password: ['x'], value: {}, code: 1e300, user_id: 'abc', ed: null },
  { email: 'a'.repeat(5000), password: 'b'.repeat(5000), message: 'c'.repeat(100_000) },
  { __proto__: { admin: true }, constructor: { prototype: {} } },
];
const IDS = ['0', '-1', 'abc', '99999999999999999999', '1.5', '%00', '1;DROP TABLE users'];

describe.each(dbKinds)('bad input on every route on %s', (kind) => {
  let t: TestApp;
  let s: Session;
  beforeAll(async () => {
    t = await startApp(kind, { rateLimit: { windowMinutes: 15, perAccountAndIp: 10_000, perIp: 10_000 } });
    s = await signIn(t, 'owner@demo.test');
  });
  afterAll(() => t?.close());

  it('never answers 5xx', async () => {
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/api/v1/') && r.url !== '/api/v1/*');
    expect(routes.length).toBeGreaterThan(8);
    const failures: string[] = [];
    for (const route of routes) {
      const urls = route.url.includes(':')
        ? IDS.map((id) => route.url.replace(/:[a-z_]+/g, encodeURIComponent(id)))
        : [route.url];
      for (const url of urls) {
        for (const headers of [{}, s.headers]) {
          for (const body of route.method === 'GET' ? [undefined] : BODIES) {
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: `${url}${route.method === 'GET' ? '?value=%ZZ&page=-5&per_page=abc' : ''}`,
              headers: { ...headers, 'content-type': 'application/json' },
              payload: body === undefined ? undefined : JSON.stringify(body),
              remoteAddress: `10.3.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
            });
            if (res.statusCode >= 500)
              failures.push(
                `${route.method} ${url} ${JSON.stringify(body)?.slice(0, 60)} -> ${res.statusCode}`,
              );
            if (res.statusCode >= 400) expect(res.json()).toHaveProperty('errors');
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
