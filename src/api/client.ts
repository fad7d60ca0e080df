/**
 * The HTTP client: the one ofetch instance of the app, and `request()`, through which every call
 * is made and every answer is checked against its contract.
 *
 * - api/ is the network and the contracts and nothing else: who is calling, the device's copy of
 *   reads and what answers say about the connection come through client-hooks.ts (installed by
 *   sync/api-link.ts); toasts go out as notices (lib/notices.ts); a refused session goes to
 *   session-expiry.ts. Nothing here imports sync/, db/ or ui/.
 * - Auth headers come from the caller hook when each request is sent, never stored with it: a
 *   replayed or delayed request carries the current token.
 * - Failures follow error-policy.ts; a 401/403 ends the session only if the request carried the
 *   token still in use (a late answer to a request made before a fresh sign-in changes nothing).
 * - Responses are validated with `mask`: unknown extra fields are dropped, a missing or mistyped
 *   field is a ContractError (logged, reported, apology toast).
 * - Reads the cache keeps are stored per user: the service worker stores and serves them when it
 *   controls the page; otherwise this client stores each answer and, when no answer comes, serves
 *   the stored one. `requestCached` also says whether data came from the device and how old it is.
 *   Offline with nothing stored is ApiError(0, NOT_CACHED_MESSAGE).
 */
import { FetchError, ofetch } from 'ofetch';
import { type Struct, validate } from 'superstruct';
import { notify } from '@/lib/notices';
import { CACHE_HEADER, CACHE_MODE_HEADER, OFFLINE_HEADER, STORED_AT_HEADER } from '@/lib/sw-protocol';
import { type Body, clientHooks, type Method, type Query, type ReadRequest } from './client-hooks';
import type { EndpointPath } from './contracts/endpoints';
import { decideFailure, maskPasswords, NOT_CACHED_MESSAGE, SERVER_ERROR } from './error-policy';
import { ApiError, ContractError } from './errors';
import { expireSession } from './session-expiry';

export type { Method };
export const API_BASE = '/api/v1';

/** The one ofetch instance. Retries belong to the outbox, not here. */
export const api = ofetch.create({
  baseURL: API_BASE,
  retry: 0,
  timeout: 30_000,
  headers: { Accept: 'application/json' },
  onRequest({ options }) {
    for (const [name, value] of Object.entries(clientHooks.caller().headers)) {
      if (!options.headers.has(name)) options.headers.set(name, value);
    }
  },
});

export type RequestOptions = {
  method?: Method;
  body?: Body;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeout?: number;
  /** false: the caller shows failures itself (no shared toast). */
  toast?: boolean;
  /** A best-effort call (sign-out): no toast, no report, and a 401 does not start session expiry. */
  quiet?: boolean;
  /** 'network-only': never answered from the device's cache (the answer is still stored). */
  cache?: 'default' | 'network-only';
};

export type ErrorReport = {
  message: string;
  status?: number | null;
  url?: string;
  method?: string;
  body?: string;
};

/** A checked answer, and where it came from: `fromCache` with its stored time, else the network. */
export type Answer<T> = { data: T; fromCache: boolean; storedAt: number };

/** Sends a report to the monitoring endpoint. Never throws: a failing report is not reported. */
export async function reportError(report: ErrorReport): Promise<void> {
  try {
    await api('/error_report' satisfies EndpointPath<'POST'>, { method: 'POST', body: report });
  } catch (error) {
    console.warn('Error report not sent', error);
  }
}

/** No answer at all, or the service worker's "offline and nothing stored" answer. */
const isNoAnswer = (error: unknown) =>
  !(error instanceof FetchError) || !error.response || error.response.headers.get(OFFLINE_HEADER) !== null;

async function handleFailure(
  error: unknown,
  method: Method,
  path: string,
  options: RequestOptions,
): Promise<ApiError> {
  const fetchError = error instanceof FetchError ? error : null;
  const status = isNoAnswer(error) ? null : (fetchError?.response?.status ?? null);
  const decision = decideFailure(
    { status, data: fetchError?.data },
    { toast: options.toast !== false && !options.quiet },
  );
  if (!options.quiet) {
    if (decision.expireSession) {
      const sentToken = new Headers(fetchError?.options?.headers).get('X-Auth-Token');
      if (sentToken && sentToken === clientHooks.caller().token) await expireSession();
    }
    if (decision.report) {
      void reportError({
        message: decision.error.message,
        status,
        url: `${API_BASE}${path}`,
        method,
        body: maskPasswords(options.body),
      });
    }
  }
  if (decision.toast) notify({ kind: 'error', ...decision.toast });
  return decision.error;
}

/** The read as the device's cache knows it, when it keeps it and someone is signed in. */
function cachedRead(method: Method, path: string, options: RequestOptions): ReadRequest | null {
  const cache = clientHooks.readCache;
  const userId = clientHooks.caller().userId;
  if (!cache || userId === null || options.body instanceof FormData) return null;
  const read: ReadRequest = { userId, method, path, query: options.query, body: options.body };
  return cache.keeps(read) ? read : null;
}

function check<T, S>(struct: Struct<T, S>, data: unknown) {
  return validate(data ?? null, struct, { coerce: true, mask: true });
}

/** Calls the API and answers the checked response with its origin; throws ApiError or ContractError. */
export async function requestCached<T, S>(
  struct: Struct<T, S>,
  path: string,
  options: RequestOptions = {},
): Promise<Answer<T>> {
  // The device link still loading (the sign-in page's first moments): it is installed first.
  if (clientHooks.pendingLink) await clientHooks.pendingLink();
  const method = options.method ?? 'GET';
  const { network, readCache } = clientHooks;
  const read = cachedRead(method, path, options);
  const headers = { ...options.headers };
  if (options.cache === 'network-only') headers[CACHE_MODE_HEADER] = 'network-only';
  let data: unknown;
  let status = 0;
  let fromCache = false;
  let storedAt = Date.now();
  // When the answer is also the device's copy of this read: the time that copy is stored at.
  let copyAt: number | null = null;
  try {
    const response = await api.raw(path, {
      method,
      body: options.body,
      query: options.query,
      headers,
      signal: options.signal,
      timeout: options.timeout,
    });
    data = response._data;
    status = response.status;
    const origin = response.headers.get(CACHE_HEADER);
    if (origin === 'cache') {
      fromCache = true;
      storedAt = Number(response.headers.get(STORED_AT_HEADER)) || storedAt;
      copyAt = storedAt;
      network.servedFromDevice(storedAt);
    } else {
      network.answered();
      network.fresh();
      // A worker that answered from the network has stored it already ('network'), and says when.
      if (read && origin === null) copyAt = (await readCache?.store(read, data)) ?? null;
      else copyAt = Number(response.headers.get(STORED_AT_HEADER)) || null;
    }
  } catch (error) {
    // A request the caller gave up on (a closed screen) says nothing about the connection.
    if (options.signal?.aborted) throw await handleFailure(error, method, path, { ...options, quiet: true });
    if (isNoAnswer(error)) network.unanswered();
    else network.answered();
    if (read && isNoAnswer(error)) {
      const stored = options.cache === 'network-only' ? null : await readCache?.read(read);
      const [failure, value] = stored ? check(struct, stored.data) : [true, undefined];
      if (stored && !failure) {
        network.servedFromDevice(stored.storedAt);
        return { data: value as T, fromCache: true, storedAt: stored.storedAt };
      }
      await handleFailure(error, method, path, { ...options, toast: false });
      throw new ApiError(0, NOT_CACHED_MESSAGE);
    }
    throw await handleFailure(error, method, path, options);
  }
  const [failure, value] = check(struct, data);
  if (!failure) {
    if (read && copyAt !== null) readCache?.checked(read, copyAt, struct as Struct<unknown, unknown>, value);
    return { data: value, fromCache, storedAt };
  }
  // A stored answer from an older version of the contract is simply not there.
  if (fromCache) throw new ApiError(0, NOT_CACHED_MESSAGE);
  const detail = failure
    .failures()
    .slice(0, 3)
    .map((f) => `${f.path.join('.') || '(root)'}: ${f.message}`)
    .join('; ');
  const contractError = new ContractError(method, `${API_BASE}${path}`, detail);
  console.error(contractError);
  if (!options.quiet) {
    void reportError({ message: contractError.message, status, url: contractError.url, method });
    if (options.toast !== false) notify({ kind: 'error', ...SERVER_ERROR });
  }
  throw contractError;
}

/** Calls the API and answers the response checked against `struct`; throws ApiError or ContractError. */
export async function request<T, S>(
  struct: Struct<T, S>,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  return (await requestCached(struct, path, options)).data;
}
