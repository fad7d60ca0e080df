/**
 * How every performance screen reads a report: through the read cache (stale-while-revalidate,
 * "as of" offline), with the screen's filters (range, locations) and the report's own parameters
 * as the query string, so each combination is its own stored answer.
 *
 * The filters the screen last loaded online are remembered per user and screen
 * (widgets/last-loaded); offline, a combination never loaded on this device says so (NotLoaded)
 * and offers that one instead.
 */
import { useMemo } from 'react';
import type { Struct } from 'superstruct';
import {
  readLastLoaded as readLast,
  useRememberLoaded as useRemember,
} from '@/widgets/last-loaded/last-loaded';
import type { ReportPath } from '../../api/contracts/endpoints';
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
  path: ReportPath,
  filters: Filters | null,
  extra?: Extra,
): CachedRead<T> & { notLoaded: boolean } {
  const query = useMemo(() => (filters ? queryOf(filters, extra) : undefined), [filters, extra]);
  const read = useCachedRead(struct, filters ? path : null, { query, freshForMs: 60_000 });
  return { ...read, notLoaded: read.error?.message === NOT_CACHED_MESSAGE };
}

/** The filters this screen last loaded from the server, for the signed-in user (widgets/last-loaded). */
export const readLastLoaded = (screen: string) => readLast<Filters>(`performance:${screen}`);

/** Remembers the filters whose report has just arrived from the server (not from the device). */
export function useRememberLoaded(
  screen: string,
  filters: Filters | null,
  read: { data: unknown; offline: boolean },
) {
  useRemember(`performance:${screen}`, filters, read.data !== undefined && !read.offline);
}
