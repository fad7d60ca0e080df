/**
 * A seeded fuzzer over every API route of the route registry (app.routeList): each route gets a
 * bounded sample of hostile requests (malformed JSON, 5,000-level nesting, NUL bytes, huge strings,
 * out-of-range numbers, repeated query keys, wrong types), signed in and not. Every answer must be
 * a 4xx {errors} or a success, never a 5xx, and every request must finish within its timeout.
 * The live stream (an endless answer by design) is fuzzed on its header in fuzz-findings.test.ts.
 */
import { type Struct, validate } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as common from '../../src/api/contracts/common';
import * as leads from '../../src/api/contracts/leads';
import * as payments from '../../src/api/contracts/payments';
import * as places from '../../src/api/contracts/places';
import * as session from '../../src/api/contracts/session';
import * as shell from '../../src/api/contracts/shell';
import * as signup from '../../src/api/contracts/signup';
import * as toolbar from '../../src/api/contracts/toolbar';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

const SEED = 15;
const CASES_PER_ROUTE = 16;
const REQUEST_TIMEOUT_MS = 5000;
const SKIP = new Set(['GET /api/v1/live']);

/** mulberry32: the same sequence on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every field name the contracts know, so the garbage lands on fields the routes read. */
function contractKeys(): string[] {
  const keys = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const schema = (value as { schema?: unknown }).schema;
    if ((value as { type?: string }).type === 'object' && schema && typeof schema === 'object') {
      for (const [key, inner] of Object.entries(schema)) {
        keys.add(key);
        visit(inner);
      }
    } else if (schema && typeof schema === 'object') {
      for (const inner of Array.isArray(schema) ? schema : [schema]) visit(inner);
    }
  };
  for (const module of [common, leads, payments, places, session, shell, signup, toolbar])
    for (const value of Object.values(module)) visit(value);
  return [...keys].sort();
}

/** 5,000 levels as text: JSON.stringify itself would overflow the test's stack. */
function deepJson(levels: number): string {
  return `${'{"a":['.repeat(levels / 2)}"x"${']}'.repeat(levels / 2)}`;
}

const NASTY_NUMBERS = [2147483648, -2147483649, 1.5, -0.5, 1e308, -1e308, 2 ** 53 + 2, 0, -1];
const NASTY_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x'.repeat(200_000),
  '',
  ' ',
  '2147483648',
  '1.5',
  '1;DROP TABLE users',
  '\'"\\',
  '\ud800',
  'owner@demo.test',
  '2020-13-45',
  '%00',
];
const IDS = ['0', '-1', 'abc', '2147483648', '99999999999999999999', '1.5', '%00', '1e3', '5'];

type Kind = 'malformed' | 'deep' | 'nul' | 'huge' | 'numbers' | 'repeated' | 'types' | 'mixed';
const KINDS: Kind[] = ['malformed', 'deep', 'nul', 'huge', 'numbers', 'repeated', 'types', 'mixed'];
const DEEP = '__deep__';

/** Values tried, in order, for a field: the first its struct accepts makes a plausible request. */
const PLAUSIBLE: unknown[] = [
  'Austin',
  'owner@demo.test',
  'Secret-123456',
  'leads',
  '12345',
  '5',
  5,
  1,
  true,
  '2026-01-01',
  [],
  {},
  null,
];

type AnyStruct = Struct<unknown, unknown>;
const isStruct = (value: unknown): value is AnyStruct =>
  value !== null && typeof value === 'object' && 'validator' in value && 'coercer' in value;

function generator(seed: number, keys: string[]) {
  const random = rng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

  /** A value the struct (probably) accepts, so the hostile part reaches past the first check. */
  const plausible = (struct: unknown, depth = 0): unknown => {
    if (!isStruct(struct) || depth > 8) return 'abc';
    const schema = struct.schema as unknown;
    if (struct.type === 'object' && schema && typeof schema === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(schema)) out[key] = plausible(inner, depth + 1);
      return out;
    }
    if (struct.type === 'enums' && schema && typeof schema === 'object') return pick(Object.values(schema));
    if (struct.type === 'array' && isStruct(schema)) return [plausible(schema, depth + 1)];
    const fits = PLAUSIBLE.find((value) => !validate(value, struct, { coerce: true })[0]);
    if (fits !== undefined) return fits;
    if (struct.type === 'union' && Array.isArray(schema)) return plausible(schema[0], depth + 1);
    return 'abc';
  };

  const hostile = (kind: Kind): unknown => {
    switch (kind) {
      case 'nul':
        return pick(['a\u0000b', '\u0000', 'owner@demo.test\u0000']);
      case 'huge':
        return pick(['x'.repeat(200_000), 'y'.repeat(70_000), Array(5000).fill('z')]);
      case 'numbers':
        return pick(NASTY_NUMBERS);
      case 'deep':
        return DEEP;
      case 'types':
        return pick<unknown>([null, true, [], {}, [1, 'a', null], { id: 1 }, 42, 'text', -1]);
      default:
        return pick<unknown>([...NASTY_NUMBERS, ...NASTY_STRINGS, null, true, [], {}, [pick(NASTY_STRINGS)]]);
    }
  };

  /** The plausible input with one leaf (or a new field) replaced by a hostile value. */
  const mutate = (base: unknown, kind: Kind): Record<string, unknown> => {
    const root: Record<string, unknown> =
      base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
    const slots: [Record<string, unknown> | unknown[], string | number][] = [];
    const stack: unknown[] = [root];
    while (stack.length) {
      const node = stack.pop();
      if (!node || typeof node !== 'object') continue;
      for (const [key, value] of Object.entries(node)) {
        slots.push([node as Record<string, unknown>, Array.isArray(node) ? Number(key) : key]);
        stack.push(value);
      }
    }
    const value = hostile(kind === 'mixed' ? pick(KINDS) : kind);
    if (!slots.length || random() < 0.15) root[pick(keys)] = value;
    else {
      const [node, key] = pick(slots);
      (node as Record<string, unknown>)[key as string] = value;
    }
    return root;
  };

  const query = (struct: unknown, kind: Kind) => {
    const params = new URLSearchParams();
    const values = mutate(isStruct(struct) ? plausible(struct) : {}, kind === 'deep' ? 'mixed' : kind);
    for (const [key, value] of Object.entries(values)) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      params.append(key, (text ?? '').slice(0, 3000));
    }
    if (kind === 'repeated') {
      const key = pick([...Object.keys(values), ...keys]);
      params.append(key, 'a');
      params.append(key, pick(NASTY_STRINGS).slice(0, 100));
    }
    return params.toString();
  };

  const body = (struct: unknown, kind: Kind): string => {
    if (kind === 'malformed')
      return pick([
        '{',
        '{"a":',
        '[1,]',
        '{"a":1}}',
        'nul',
        '\u0000',
        '{"a":"\\u0000"}',
        '"unterminated',
        '',
      ]);
    if (kind === 'types') return JSON.stringify(pick<unknown>([[], 'text', 42, null, true]));
    const text = JSON.stringify(mutate(isStruct(struct) ? plausible(struct) : {}, kind));
    return text.replace(`"${DEEP}"`, deepJson(5000));
  };
  return { random, pick, query, body };
}

describe.each(dbKinds)('fuzzing every route on %s', (kind) => {
  let t: TestApp;
  let s: Session;
  beforeAll(async () => {
    t = await startApp(kind, { rateLimit: { windowMinutes: 15, perAccountAndIp: 100_000, perIp: 100_000 } });
    s = await signIn(t, 'owner@demo.test');
  });
  afterAll(() => t?.close());

  it('answers no 5xx and never hangs, with a fixed seed', { timeout: 120_000 }, async () => {
    const keys = contractKeys();
    expect(keys.length).toBeGreaterThan(30);
    const routes = t.app.routeList.filter(
      (r) => r.url.startsWith('/api/v1/') && !SKIP.has(`${r.method} ${r.url}`),
    );
    expect(routes.length).toBeGreaterThan(30);
    const { random, pick, query, body } = generator(SEED, keys);
    const counts = { requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, hangs: 0 };
    const failures: string[] = [];
    for (const route of routes) {
      for (let i = 0; i < CASES_PER_ROUTE; i++) {
        const fuzz = KINDS[i % KINDS.length];
        const url = route.url.replace(/:[a-z_]+/gi, () => encodeURIComponent(pick(IDS)));
        const qs = query(route.schema?.querystring, fuzz);
        const payload =
          route.method === 'GET' || route.method === 'DELETE' ? undefined : body(route.schema?.body, fuzz);
        const signedIn = random() < 0.7;
        const request = t.app.inject({
          method: route.method as 'GET',
          url: qs ? `${url}?${qs}` : url,
          headers: {
            ...(signedIn ? s.headers : {}),
            'content-type': 'application/json',
            ...(random() < 0.2
              ? { 'x-user-id': pick(IDS), 'idempotency-key': pick(NASTY_STRINGS).slice(0, 200) }
              : {}),
          },
          payload,
          remoteAddress: `10.9.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}`,
        });
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<'hang'>((resolve) => {
          timer = setTimeout(() => resolve('hang'), REQUEST_TIMEOUT_MS);
        });
        const res = await Promise.race([request, timeout]);
        clearTimeout(timer);
        counts.requests++;
        const what = `${route.method} ${url}?${qs.slice(0, 80)} [${fuzz}] ${payload?.slice(0, 80)}`;
        if (res === 'hang') {
          counts.hangs++;
          failures.push(`${what} -> no answer in ${REQUEST_TIMEOUT_MS} ms`);
          continue;
        }
        const klass = `${Math.floor(res.statusCode / 100)}xx` as '2xx';
        counts[klass]++;
        if (res.statusCode >= 500) failures.push(`${what} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400 && !('errors' in (res.json() as object)))
          failures.push(`${what} -> ${res.statusCode} without {errors}: ${res.body.slice(0, 200)}`);
        // A case may have signed the session out: sign in again so the rest still reach the handlers.
        if (signedIn && res.statusCode === 401) s = await signIn(t, 'owner@demo.test');
      }
    }
    console.log(
      `fuzz (${kind}, seed ${SEED}): ${counts.requests} requests over ${routes.length} routes: ` +
        `2xx ${counts['2xx']}, 3xx ${counts['3xx']}, 4xx ${counts['4xx']}, 5xx ${counts['5xx']}, hangs ${counts.hangs}`,
    );
    expect(failures).toEqual([]);
    expect(counts['5xx']).toBe(0);
    expect(counts.hangs).toBe(0);
  });
});
