/**
 * Stale-while-revalidate reads for screens: the stored answer at once (a live query over the read
 * cache), the network's answer when it arrives, and whether what is shown is the device's copy.
 *
 *   const { data, asOf, offline, error } = useCachedRead(LeadsResponse, '/leads', { method: 'POST', body });
 *   <OfflineBadge offline={offline} asOf={asOf} />
 *
 * - `asOf` is the stored time of the data shown; `offline` is true while the server cannot answer.
 * - With nothing stored and no connection, `error.message` is NOT_CACHED_MESSAGE ("You're offline
 *   and this page hasn't been opened on this device yet").
 * - Refetches when the browser comes back online, and on `refresh()`.
 * - Identical reads in flight at once are one request (shared-request.ts): ten widgets asking the
 *   same thing make one request, aborted only when all of them have unmounted.
 * - `freshForMs`: a stored copy younger than that is shown without asking the network at all
 *   (a dashboard remounting its widgets does not refetch what it has just read); `refresh()` and
 *   coming back online always ask.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Struct, validate } from 'superstruct';
import { type Method, requestCached } from '../api/client';
import { ApiError } from '../api/errors';
import { useSession } from '../db/use-session';
import { apiUrl, bodyText, readResponse, requestKey, stableStringify } from './response-cache';
import { sharedRequest } from './shared-request';

export type ReadOptions = {
  method?: Extract<Method, 'GET' | 'POST'>;
  body?: Record<string, unknown> | unknown[];
  query?: Record<string, string | number | boolean | undefined>;
  /** Don't ask the network when the stored copy is younger than this (ms). */
  freshForMs?: number;
};

export type CachedRead<T> = {
  data: T | undefined;
  asOf: number | null;
  offline: boolean;
  loading: boolean;
  error: Error | null;
  refresh: () => void;
};

type Fetched<T> = { signature: string; data?: T; at: number; fromCache: boolean; error: Error | null };

export function useCachedRead<T, S>(
  struct: Struct<T, S>,
  path: string | null,
  options: ReadOptions = {},
): CachedRead<T> {
  const { user_id: userId } = useSession();
  const method = options.method ?? 'GET';
  const body = options.body === undefined ? '' : bodyText(options.body);
  const url = path === null ? null : apiUrl(path, options.query);
  const query = options.query === undefined ? '' : stableStringify(options.query);
  const signature = `${userId}|${method}|${url}|${body}`;
  const key = userId !== null && url !== null ? requestKey(userId, method, url, body) : null;
  const freshForMs = options.freshForMs ?? 0;
  const [nonce, setNonce] = useState(0);
  // refresh() asks the network whatever the stored copy's age.
  const forced = useRef(false);
  const [fetched, setFetched] = useState<Fetched<T> | null>(null);

  const row = useLiveQuery(() => (key ? readResponse(key) : null), [key]);
  const stored = useMemo(() => {
    if (!row) return null;
    const [failure, value] = validate(row.data ?? null, struct, { coerce: true, mask: true });
    return failure ? null : { data: value, at: row.stored_at };
  }, [row, struct]);

  useEffect(() => {
    if (path === null || userId === null || key === null || nonce < 0) return;
    let active = true;
    let release = () => {};
    const force = forced.current;
    forced.current = false;
    const settle = (next: Fetched<T>) => {
      if (active) setFetched(next);
    };
    (async () => {
      if (freshForMs > 0 && !force) {
        const row = await readResponse(key);
        const [failure, value] = row
          ? validate(row.data ?? null, struct, { coerce: true, mask: true })
          : [true, undefined];
        if (row && !failure && Date.now() - row.stored_at < freshForMs) {
          settle({ signature, data: value, at: row.stored_at, fromCache: false, error: null });
          return;
        }
      }
      if (!active) return;
      const requestBody = body ? (JSON.parse(body) as Record<string, unknown>) : undefined;
      const shared = sharedRequest(signature, (signal) =>
        requestCached(struct, path, {
          method,
          body: requestBody,
          query: query ? (JSON.parse(query) as ReadOptions['query']) : undefined,
          signal,
          toast: false,
        }),
      );
      release = shared.release;
      try {
        const answer = await shared.promise;
        settle({
          signature,
          data: answer.data,
          at: answer.storedAt,
          fromCache: answer.fromCache,
          error: null,
        });
      } catch (error: unknown) {
        settle({
          signature,
          at: 0,
          fromCache: false,
          error: error instanceof Error ? error : new Error(String(error)),
        });
      }
    })();
    return () => {
      active = false;
      release();
    };
  }, [signature, nonce, struct, path, userId, key, method, body, query, freshForMs]);

  const refresh = useCallback(() => {
    forced.current = true;
    setNonce((n) => n + 1);
  }, []);
  useEffect(() => {
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [refresh]);

  const current = fetched?.signature === signature ? fetched : null;
  const network = current?.data !== undefined ? current : null;
  const useStored = stored !== null && (network === null || stored.at > network.at);
  const data = useStored ? stored.data : network?.data;
  const asOf = useStored ? stored.at : (network?.at ?? null);
  const failedOffline = current?.error instanceof ApiError && current.error.offline;
  // Served from the device, unless a fresher copy has been stored since (the worker's late answer).
  const offline = failedOffline || (Boolean(current?.fromCache) && !useStored);
  return {
    data,
    asOf: data === undefined ? null : asOf,
    offline,
    loading: current === null && path !== null,
    error: data === undefined ? (current?.error ?? null) : null,
    refresh,
  };
}
