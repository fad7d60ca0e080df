/**
 * The endpoint table (src/api/contracts/endpoints.ts) against the server's own route list: every
 * route under /api/v1 has exactly one entry and every entry is a route, so the device's read cache
 * never decides by a guess. Policies fit methods: only GETs and POST list reads are `read`.
 *
 * The declarations (src/api/contracts/routes/*.ts) against the same list: each is served, with
 * its own structs as the route's params, querystring and body and with a response contract when
 * it names one; every route is declared there, the report registry's (domain/performance/reports.ts)
 * included, and the registry serves the declarations themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_TYPES } from '../../server/domain/leads/leads-saved-filters';
import { TABLES } from '../../server/domain/leads/leads-table';
import { REPORTS } from '../../server/domain/performance/reports';
import { OUTBOX_BATCH_PATH } from '../../src/api/contracts/batch';
import type { Endpoint } from '../../src/api/contracts/declarations';
import { ENDPOINTS } from '../../src/api/contracts/endpoints';
import {
  csvPathOf,
  PERFORMANCE_EXPORT_PATHS,
  type PerformanceExportType,
} from '../../src/api/contracts/performance';
import { TABLE_TYPES } from '../../src/api/contracts/requests';
import { exportEndpoints } from '../../src/api/contracts/routes/exports';
import { outboxBatchApi } from '../../src/api/contracts/routes/outbox-batch';
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

const modules = import.meta.glob<Record<string, Record<string, Endpoint>>>(
  '../../src/api/contracts/routes/*.ts',
  {
    eager: true,
  },
);
const declarations = Object.values(modules).flatMap((module) =>
  Object.values(module).flatMap((group) => Object.values(group)),
);

describe('the declarations', () => {
  it('are served with their own contracts', () => {
    const routes = t.app.routeList;
    for (const declaration of declarations) {
      const route = routes.find(
        (r) => r.method === declaration.method && r.url === `${API}${declaration.path}`,
      );
      expect(route, declaration.key).toBeDefined();
      for (const part of ['params', 'querystring', 'body'] as const)
        expect(route?.schema?.[part], `${declaration.key} ${part}`).toBe(declaration.schema[part]);
      expect(route?.hasContract, `${declaration.key} response`).toBe(declaration.response !== undefined);
      expect(declaration.policy).toBe(ENDPOINTS[declaration.key]);
    }
  });

  it('cover every route, each once', () => {
    const declared = declarations.map((d) => d.key);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });

  it("are the report registry's own", () => {
    const notDeclared = REPORTS.filter((r) => !declarations.includes(r.endpoint)).map((r) => r.endpoint.key);
    expect(notDeclared).toEqual([]);
  });

  it('agree with the paths and types kept beside them', () => {
    expect(outboxBatchApi.postOutboxBatch.path).toBe(OUTBOX_BATCH_PATH);
    for (const type of Object.keys(PERFORMANCE_EXPORT_PATHS) as PerformanceExportType[])
      expect(exportEndpoints[type].path).toBe(csvPathOf(type));
    expect([...TABLE_TYPES]).toEqual([...FILTER_TYPES]);
    expect([...TABLE_TYPES]).toEqual(Object.keys(TABLES));
  });
});
