/**
 * The endpoint table (src/api/contracts/endpoints.ts) against the server's own route list: every
 * route under /api/v1 has exactly one entry and every entry is a route, so the device's read cache
 * never decides by a guess. Policies fit methods: only GETs and POST list reads are `read`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/api/contracts/endpoints';
import { startApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp('pglite');
  await t.app.ready();
});
afterAll(() => t.close());

const API = '/api/v1';

function serverEndpoints(): string[] {
  return t.app.routeList
    .filter((route) => route.url.startsWith(`${API}/`) && route.url !== `${API}/*`)
    .map((route) => `${route.method} ${route.url.slice(API.length)}`);
}

describe('the endpoint table', () => {
  it('names every route of the server, once', () => {
    const routes = serverEndpoints();
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes.filter((key) => !(key in ENDPOINTS))).toEqual([]);
  });

  it('names no route the server does not have', () => {
    const routes = new Set(serverEndpoints());
    expect(Object.keys(ENDPOINTS).filter((key) => !routes.has(key))).toEqual([]);
  });

  it('keeps only reads: GETs and POST list reads, never a PUT or DELETE', () => {
    for (const [key, policy] of Object.entries(ENDPOINTS)) {
      const method = key.split(' ')[0];
      if (method === 'GET') expect([key, policy]).not.toEqual([key, 'write']);
      else expect([key, policy]).not.toEqual([key, 'never']);
      if (method !== 'GET' && method !== 'POST') expect([key, policy]).toEqual([key, 'write']);
    }
  });
});
