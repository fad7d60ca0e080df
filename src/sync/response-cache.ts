/**
 * The read cache: every successful API read stored in Dexie, keyed by user and request, and served
 * back when the network cannot answer. Shared by the service worker (its network-first route) and
 * the api client (when no worker controls the page), so both store and key alike.
 *
 * - A key is `user:METHOD /api/v1/path?sorted-query#body-hash`: several list reads are POSTs, and
 *   a user id in every key means one user's cache is never another's.
 * - Only reads are cached: the endpoints api/contracts/endpoints.ts marks `read` (GETs minus the
 *   ones that must be fresh or are files, and the POST list reads). Event streams never pass here.
 * - A full quota is reported (storage.ts) and the copy skipped; reading never throws.
 * - A row keeps its request's canonical body, so `storedVariants` can name every stored variant of
 *   a read (each query, each POST body) for read-refresh.ts to fetch again.
 */
import { endpointPolicy } from '../api/contracts/endpoints';
import type { CachedResponse } from '../db/app-db';
import { db } from '../db/db';
import { isQuotaError, reportStorageFull } from './storage';

export const API_PREFIX = '/api/v1';
export { NOT_CACHED_MESSAGE } from '../api/error-policy';
// The cache's headers are part of the page/worker protocol (relative imports: the worker's
// build resolves no alias).
export { CACHE_HEADER, OFFLINE_HEADER, STORED_AT_HEADER } from '../lib/sw-protocol';
/** How long a read waits for the network before a stored answer is served instead. */
export const READ_TIMEOUT_MS = 4000;
export const MAX_ENTRIES_PER_USER = 400;
export const MAX_AGE_MS = 30 * 24 * 3600_000;

/** The path under the API base of a URL or path (`/api/v1/leads?x=1` -> `/leads`), or null. */
export function apiPath(url: string): string | null {
  const { pathname } = new URL(url, 'http://local');
  if (!pathname.startsWith(`${API_PREFIX}/`)) return null;
  return pathname.slice(API_PREFIX.length);
}

/** Whether the device keeps this call's answers: its endpoint's policy (api/contracts/endpoints.ts). */
export function isCachedRead(method: string, path: string): boolean {
  return endpointPolicy(method, path) === 'read';
}

/** A URL with its query sorted, relative to the origin: `/api/v1/leads?a=1&b=2`. */
export function canonicalUrl(url: string): string {
  const parsed = new URL(url, 'http://local');
  parsed.searchParams.sort();
  const query = parsed.searchParams.toString();
  return `${parsed.pathname}${query ? `?${query}` : ''}`;
}

/** The API URL of a path and query as the client builds it (undefined values dropped). */
export function apiUrl(path: string, query?: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(name, String(value));
  }
  const search = params.toString();
  const joiner = path.includes('?') ? '&' : '?';
  return canonicalUrl(`${API_PREFIX}${path}${search ? `${joiner}${search}` : ''}`);
}

/** JSON with object keys sorted, so equal bodies give equal keys whatever their key order. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${stableStringify(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A body's canonical text: JSON re-serialised with sorted keys, anything else as sent. */
export function bodyText(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  if (typeof body === 'string') {
    try {
      return stableStringify(JSON.parse(body));
    } catch {
      return body;
    }
  }
  return stableStringify(body);
}

/** What a read is keyed by, besides its path: as useCachedRead and its readers ahead give it. */
export type ReadKeyOptions = {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
};

/** A read's method, canonical body text and URL, as its cache key and its request use them. */
export function readRequestOf<P extends string | null, M extends string = 'GET'>(
  path: P,
  options: ReadKeyOptions & { method?: M } = {},
) {
  return {
    method: options.method ?? ('GET' as const),
    body: options.body === undefined ? '' : bodyText(options.body),
    url: (path === null ? null : apiUrl(path, options.query)) as P extends string ? string : string | null,
  };
}

/** cyrb53: a fast 53-bit string hash, plenty to tell request bodies apart. */
export function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The cache key of a request: `url` as canonicalUrl gives it, `body` as bodyText gives it. */
export function requestKey(userId: number, method: string, url: string, body = ''): string {
  return `${userId}:${method} ${canonicalUrl(url)}${body ? `#${hashText(body)}` : ''}`;
}

let storesSincePrune = 0;

/** Stores a read's answer. Answers false when it could not be kept (quota), never throws. */
export async function storeResponse(
  entry: { userId: number; method: string; url: string; body?: string; data: unknown },
  now = Date.now(),
): Promise<boolean> {
  const row: CachedResponse = {
    key: requestKey(entry.userId, entry.method, entry.url, entry.body),
    user_id: entry.userId,
    method: entry.method,
    url: canonicalUrl(entry.url),
    ...(entry.body ? { body: entry.body } : {}),
    data: entry.data,
    stored_at: now,
  };
  try {
    await db.responses.put(row);
    storesSincePrune += 1;
    if (storesSincePrune >= 50) {
      storesSincePrune = 0;
      await pruneResponses(entry.userId, now);
    }
    return true;
  } catch (error) {
    if (isQuotaError(error)) reportStorageFull();
    else console.warn('Could not store a response', error);
    return false;
  }
}

/** Keeps one user's cache bounded: nothing older than MAX_AGE_MS, at most MAX_ENTRIES_PER_USER. */
export async function pruneResponses(userId: number, now = Date.now()): Promise<void> {
  await db.responses
    .where('stored_at')
    .below(now - MAX_AGE_MS)
    .delete();
  const rows = await db.responses.where('user_id').equals(userId).sortBy('stored_at');
  const excess = rows.length - MAX_ENTRIES_PER_USER;
  if (excess > 0) await db.responses.bulkDelete(rows.slice(0, excess).map((row) => row.key));
}

/** How many stored variants of one read `storedVariants` names at most: the newest ones. */
export const MAX_VARIANTS = 8;

/** A stored read as it was asked: its canonical URL and body text ('' for none). */
export type StoredVariant = { url: string; body: string };

/**
 * The stored variants of `method path` for a user (`path` without query: every query, every body),
 * newest first, at most `limit`. A screen showing one of them stored it when it loaded, so the
 * newest include every mounted one; older ones are fetched again when their screen next opens.
 * A POST row stored before bodies were kept is left out (its body is unknown). Never throws.
 */
export async function storedVariants(
  userId: number,
  method: string,
  path: string,
  limit = MAX_VARIANTS,
): Promise<StoredVariant[]> {
  const base = canonicalUrl(`${API_PREFIX}${path}`);
  try {
    const index = db.responses.where('[user_id+url]');
    const [bare, queried] = await Promise.all([
      index.equals([userId, base]).toArray(),
      index.between([userId, `${base}?`], [userId, `${base}?\uffff`], true, true).toArray(),
    ]);
    return [...bare, ...queried]
      .map(toCachedResponse)
      .filter((row): row is CachedResponse => row !== null && row.method === method)
      .filter((row) => typeof row.body === 'string' || !row.key.includes('#'))
      .sort((a, b) => b.stored_at - a.stored_at)
      .slice(0, limit)
      .map((row) => ({ url: row.url, body: row.body ?? '' }));
  } catch (error) {
    console.warn('Could not read the cache', error);
    return [];
  }
}

/** A stored answer, if there is one and it is well-formed; never throws. */
export async function readResponse(key: string): Promise<CachedResponse | null> {
  try {
    return toCachedResponse(await db.responses.get(key));
  } catch (error) {
    console.warn('Could not read the cache', error);
    return null;
  }
}

/** Storage is untrusted: a row without its key fields is no row. */
export function toCachedResponse(row: unknown): CachedResponse | null {
  if (!row || typeof row !== 'object') return null;
  const candidate = row as Partial<CachedResponse>;
  if (typeof candidate.key !== 'string' || typeof candidate.stored_at !== 'number') return null;
  if (typeof candidate.user_id !== 'number' || !('data' in candidate)) return null;
  return candidate as CachedResponse;
}
