/**
 * How every performance screen reads a report: through the read cache (stale-while-revalidate,
 * "as of" offline), with the screen's filters (range, locations) and the report's own parameters
 * as the query string, so each combination is its own stored answer.
 *
 * The filters the screen last loaded online are remembered per user and screen (a user key of
 * lib/device-storage.ts, cleared at sign-out); offline, a combination never loaded on this device
 * says so (NotLoaded) and offers that one instead.
 */
import { useEffect, useMemo } from 'react';
import type { Struct } from 'superstruct';
import { readUserItem, writeUserItem } from '../../lib/device-storage';
import { NOT_CACHED_MESSAGE } from '../../sync/response-cache';
import { type CachedRead, useCachedRead } from '../../sync/use-cached-read';
import type { Filters } from './use-filters';

export type Extra = Record<string, string | number | undefined>;

export function queryOf(filters: Filters, extra: Extra = {}) {
  return {
    start_date: filters.range.start_date,
    end_date: filters.range.end_date,
    ...(filters.locations.length ? { account: [...filters.locations].sort().join(',') } : {}),
    ...extra,
  };
}

/** A report for the screen's filters; null filters (not chosen yet) read nothing. */
export function useReport<T, S>(
  struct: Struct<T, S>,
  path: string,
  filters: Filters | null,
  extra?: Extra,
): CachedRead<T> & { notLoaded: boolean } {
  const query = useMemo(() => (filters ? queryOf(filters, extra) : undefined), [filters, extra]);
  const read = useCachedRead(struct, filters ? path : null, { query, freshForMs: 60_000 });
  return { ...read, notLoaded: read.error?.message === NOT_CACHED_MESSAGE };
}

const lastName = (screen: string) => `perf:last-loaded:${screen}`;

export function readLastLoaded(userId: number | null, screen: string): Filters | null {
  if (userId === null) return null;
  try {
    const raw = readUserItem(userId, lastName(screen));
    return raw ? (JSON.parse(raw) as Filters) : null;
  } catch {
    return null;
  }
}

/** Remembers the filters whose report has just arrived from the server (not from the device). */
export function useRememberLoaded(
  userId: number | null,
  screen: string,
  filters: Filters | null,
  read: { data: unknown; offline: boolean },
) {
  const loaded = read.data !== undefined && !read.offline;
  useEffect(() => {
    if (loaded && filters && userId !== null)
      writeUserItem(userId, lastName(screen), JSON.stringify(filters));
  }, [loaded, filters, screen, userId]);
}
