/**
 * The filters of a performance screen: the date range and the selected locations, and the
 * organization's locations (GET /user_locations).
 *
 * - The range is the user's report range (widgets/report-range): chosen on one performance screen,
 *   it is the range of the others and of Leads, Month to date until one is chosen.
 * - The selection is kept per user and view (franchise and non-franchise apart, spec part 3 §3
 *   Location) as a user key of lib/device-storage.ts (cleared at sign-out); a location that appears later arrives checked, one that disappears leaves
 *   the selection (§4). An empty list means every location.
 * - The screen is shown (`ready`) once the locations are known: the rollup screens keep their
 *   content behind a spinner until then (§2.5). Its reads start before that, with the selection
 *   this device kept from the last visit: they go out with the locations read instead of after it,
 *   and when the answer changes the selection (a location added or gone) the reads follow it.
 *   `filters` is null only when neither is known (a first visit on this device).
 * - When the locations read fails with nothing stored, `locationsError` says why.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useReportRange } from '@/widgets/report-range/use-report-range';
import { endpointPath } from '../../api/contracts/endpoints';
import { LocationsResponse } from '../../api/contracts/performance';
import type { DateRange } from '../../lib/date-range';
import { readUserItem, writeUserItem } from '../../lib/device-storage';
import { useCachedRead } from '../../sync/use-cached-read';

export type Filters = { range: Pick<DateRange, 'option' | 'start_date' | 'end_date'>; locations: string[] };

type Stored = { known: string[]; selected: string[] };

const storeName = (view: string) => `perf:locations:${view}`;

const isRefs = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((ref) => typeof ref === 'string');

/** The selection kept on this device (storage is untrusted: anything else is none). */
function readStored(userId: number | null, view: string): Stored | null {
  if (userId === null) return null;
  try {
    const raw = readUserItem(userId, storeName(view));
    const parsed = raw ? (JSON.parse(raw) as Partial<Stored> | null) : null;
    return parsed && isRefs(parsed.known) && isRefs(parsed.selected)
      ? { known: parsed.known, selected: parsed.selected }
      : null;
  } catch {
    return null;
  }
}

/** Every location selected is the same report as none named: one stored answer, not two. */
const named = (selected: string[], count: number) => (selected.length === count ? [] : selected);

function store(userId: number | null, view: string, stored: Stored) {
  if (userId !== null) writeUserItem(userId, storeName(view), JSON.stringify(stored));
}

/** New locations arrive checked, removed ones leave the selection. */
export function reconcile(stored: Stored | null, all: string[]): string[] {
  if (!stored) return all;
  const known = new Set(stored.known);
  const kept = stored.selected.filter((ref) => all.includes(ref));
  const fresh = all.filter((ref) => !known.has(ref));
  const next = [...kept, ...fresh];
  return next.length ? next : all;
}

export function useFilters(view: 'franchise' | 'local', userId: number | null, zone?: string | null) {
  const locationsRead = useCachedRead(LocationsResponse, endpointPath('GET /user_locations'), {
    freshForMs: 300_000,
  });
  const all = useMemo(() => locationsRead.data?.locations ?? null, [locationsRead.data]);
  const [range, setRange] = useReportRange(userId, zone ?? null);
  const [selected, setSelected] = useState<string[] | null>(null);

  useEffect(() => {
    if (!all) return;
    const refs = all.map((l) => l.ref_id);
    const next = reconcile(readStored(userId, view), refs);
    store(userId, view, { known: refs, selected: next });
    setSelected(next);
  }, [all, view, userId]);

  const choose = useCallback(
    (refs: string[]) => {
      if (!all) return;
      const known = all.map((l) => l.ref_id);
      store(userId, view, { known, selected: refs });
      setSelected(refs);
    },
    [all, view, userId],
  );

  // The last visit's selection, for the reads that start before the locations answer.
  const kept = useMemo(() => readStored(userId, view), [userId, view]);
  // In the render the locations arrive in (the effect above stores it for the next visit): the
  // screen's reads are mounted in the same commit, not one later.
  const chosen = useMemo(
    () =>
      selected ??
      (all
        ? reconcile(
            kept,
            all.map((l) => l.ref_id),
          )
        : null),
    [selected, all, kept],
  );
  const ready = all !== null && chosen !== null;
  const filters = useMemo<Filters | null>(() => {
    if (all && chosen) return { range, locations: named(chosen, all.length) };
    return kept ? { range, locations: named(kept.selected, kept.known.length) } : null;
  }, [all, chosen, kept, range]);

  return {
    filters,
    ready,
    locations: all ?? [],
    selected: chosen ?? [],
    setRange,
    setLocations: choose,
    apply: (f: Filters) => {
      setRange(f.range);
      if (all) choose(f.locations.length ? f.locations : all.map((l) => l.ref_id));
    },
    // The locations never came (offline on a first visit, or the server failed): the screen
    // says so with a Retry instead of staying held (screen-frame.tsx).
    locationsError: all === null ? locationsRead.error : null,
    retryLocations: locationsRead.refresh,
  };
}
