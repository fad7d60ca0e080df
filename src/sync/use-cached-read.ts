/**
 * Stale-while-revalidate reads for screens: the stored answer at once (a live query over the read
 * cache), the network's answer when it arrives, and whether what is shown is the device's copy.
 *
 *   const { data, asOf, offline, error } = useCachedRead(LeadsResponse, '/leads', { method: 'POST', body });
 *   <OfflineBadge offline={offline} asOf={asOf} />
 *
 * - `asOf` is the stored time of the data shown; `offline` is true while the server cannot answer.
 * - `loading` is true until the network's answer comes, unless this read's own stored copy is
 *   shown meanwhile: a screen with its copy on the device shows it as content at once (issue 26),
 *   while the last key's data kept during a new key's first load still shows as loading.
 * - With nothing stored and no connection, `error.message` is NOT_CACHED_MESSAGE ("You're offline
 *   and this page hasn't been opened on this device yet").
 * - Refetches when the browser comes back online, and on `refresh()`.
 * - A read counts as in flight from its effect until its answer is rendered (lib/reads-in-flight.ts):
 *   the start-up work that shows nothing waits for the screen's reads, and for the reads of what
 *   their answers mount.
 * - Identical reads in flight at once are one request (shared-request.ts): ten widgets asking the
 *   same thing make one request, aborted only when all of them have unmounted.
 * - `freshForMs`: a stored copy younger than that is shown without asking the network at all
 *   (a dashboard remounting its widgets does not refetch what it has just read); `refresh()` and
 *   coming back online always ask.
 * - Inside a <FirstReads> (first-reads.tsx), a read with nothing to show yet holds that part of the
 *   screen invisible until it answers, so sections loading one after another never shift it.
 * - Every read a screen makes by itself is remembered for its path (screen-reads.ts), and a reload
 *   of that path reads their stored copies before the screen mounts (app/route-preload.ts), so its
 *   first render already shows them; `primeCachedRead` (stored-read.ts) reads one named read ahead the same way. The
 *   stored copy is checked once (stored-read.ts).
 */
import { liveQuery } from 'dexie';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { Struct } from 'superstruct';
import { type Method, requestCached } from '../api/client';
import { ApiError } from '../api/errors';
import type { CachedResponse } from '../db/app-db';
import { useSession } from '../db/use-session';
import { readInFlight } from '../lib/reads-in-flight';
import { useFirstReadHold } from './first-reads';
import { readRequestOf, readResponse, requestKey, stableStringify } from './response-cache';
import { noteScreenRead } from './screen-reads';
import { readSignature, sharedRequest } from './shared-request';
import { checkStored, dropPrimed, primedRow } from './stored-read';

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

/**
 * The stored row of `key`, live. Until the live query's first answer (never in the first render),
 * the copy read ahead for it, if any: kept by this hook once seen, since another read of the same
 * key whose live query answered first drops it from the shared map (two hooks of one key in one
 * screen lost their content for a render in between, and the screen collapsed and grew again).
 * While a new key's first answer is pending, the last key's row stays (a list keeps its rows
 * while the next page loads). Answers arrive as transitions, so a screen re-rendering for them
 * never holds the main thread in one long task.
 */
function useStoredRow(key: string | null): CachedResponse | null | undefined {
  const [live, setLive] = useState<{ key: string; row: CachedResponse | null } | undefined>(undefined);
  const early = useRef<{ key: string; row: CachedResponse | null | undefined } | null>(null);
  if (key !== null && (early.current?.key !== key || early.current.row === undefined))
    early.current = { key, row: primedRow(key) };
  useEffect(() => {
    if (key === null) return;
    const subscription = liveQuery(() => readResponse(key)).subscribe({
      next: (row) => startTransition(() => setLive({ key, row })),
      error: (error: unknown) => console.warn('Could not watch the cache', error),
    });
    return () => subscription.unsubscribe();
  }, [key]);
  // Only once the live answer is on screen: a render in between still needs the copy read ahead.
  useEffect(() => {
    if (live) dropPrimed(live.key);
  }, [live]);
  if (key === null) return null;
  return live !== undefined ? live.row : early.current?.row;
}

type Fetched<T> = { signature: string; data?: T; at: number; fromCache: boolean; error: Error | null };

export function useCachedRead<T, S>(
  struct: Struct<T, S>,
  path: string | null,
  options: ReadOptions = {},
): CachedRead<T> {
  const { user_id: userId } = useSession();
  const { method, body, url } = readRequestOf(path, options);
  const query = options.query === undefined ? '' : stableStringify(options.query);
  const signature = readSignature(userId, method, url, body);
  const key = userId !== null && url !== null ? requestKey(userId, method, url, body) : null;
  const freshForMs = options.freshForMs ?? 0;
  const [nonce, setNonce] = useState(0);
  // refresh() asks the network whatever the stored copy's age.
  const forced = useRef(false);
  // The count of the read under way (lib/reads-in-flight.ts), ended once its answer is rendered.
  const inFlight = useRef<(() => void) | null>(null);
  const [fetched, setFetched] = useState<Fetched<T> | null>(null);

  const storedRow = useStoredRow(key) ?? null;
  const stored = checkStored(struct, storedRow);
  useEffect(() => {
    if (userId !== null && key !== null) noteScreenRead(userId, key);
  }, [userId, key]);

  useEffect(() => {
    if (path === null || userId === null || key === null || nonce < 0) return;
    let active = true;
    let release = () => {};
    const force = forced.current;
    forced.current = false;
    const settle = (next: Fetched<T>) => {
      // A transition: the screen's re-render for the answer yields to input and to the browser.
      if (active) startTransition(() => setFetched(next));
    };
    const read = async () => {
      if (freshForMs > 0 && !force) {
        const copy = checkStored(struct, await readResponse(key));
        if (copy && Date.now() - copy.at < freshForMs) {
          settle({ signature, data: copy.data, at: copy.at, fromCache: false, error: null });
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
    };
    // Counted from now until its answer is rendered, or it is dropped: the work the screen does
    // not show waits for it (lib/reads-in-flight.ts), and for what the answer mounts.
    const answered = readInFlight();
    inFlight.current = answered;
    void read();
    return () => {
      active = false;
      release();
      answered();
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
  // The answer's commit is done: the reads of what it mounted (a section drawn once its data is
  // there) were counted by their effects, which ran before this one.
  useEffect(() => {
    if (current) inFlight.current?.();
  }, [current]);
  const network = current?.data !== undefined ? current : null;
  const useStored = stored !== null && (network === null || stored.at > network.at);
  const data = useStored ? stored.data : network?.data;
  const asOf = useStored ? stored.at : (network?.at ?? null);
  const failedOffline = current?.error instanceof ApiError && current.error.offline;
  // Served from the device, unless a fresher copy has been stored since (the worker's late answer).
  const offline = failedOffline || (Boolean(current?.fromCache) && !useStored);
  // This very read's stored copy is content, shown as such; the last key's rows kept while a new
  // key's first answer is pending are not.
  const ownCopy = useStored && storedRow?.key === key;
  // Inside a <FirstReads>, nothing to show and no answer yet holds the part (first-reads.tsx).
  useFirstReadHold(path !== null && data === undefined && current === null);
  return {
    data,
    asOf: data === undefined ? null : asOf,
    offline,
    loading: current === null && path !== null && !ownCopy,
    error: data === undefined ? (current?.error ?? null) : null,
    refresh,
  };
}
