/**
 * The filters of a performance screen: the date range and the selected locations, and the
 * organization's locations (GET /user_locations).
 *
 * - The selection is kept per user and view (franchise and non-franchise apart, spec part 3 §3
 *   Location) as a user key of lib/device-storage.ts (cleared at sign-out); a location that appears later arrives checked, one that disappears leaves
 *   the selection (§4). An empty list means every location.
 * - `filters` is null until the locations are known: the rollup screens keep their content
 *   behind a spinner until then (§2.5).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { LocationsResponse } from '../../api/contracts/performance';
import { type DateRange, defaultDateRange } from '../../lib/date-range';
import { readUserItem, writeUserItem } from '../../lib/device-storage';
import { useCachedRead } from '../../sync/use-cached-read';

export type Filters = { range: Pick<DateRange, 'option' | 'start_date' | 'end_date'>; locations: string[] };

type Stored = { known: string[]; selected: string[] };

const storeName = (view: string) => `perf:locations:${view}`;

function readStored(userId: number | null, view: string): Stored | null {
  if (userId === null) return null;
  try {
    const raw = readUserItem(userId, storeName(view));
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

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

/** Month to date in the customer's zone, as on the leads page (the same default figures). */
export const defaultRange = (zone?: string | null): Filters['range'] => defaultDateRange(zone);

export function useFilters(view: 'franchise' | 'local', userId: number | null, zone?: string | null) {
  const locationsRead = useCachedRead(LocationsResponse, '/user_locations', { freshForMs: 300_000 });
  const all = useMemo(() => locationsRead.data?.locations ?? null, [locationsRead.data]);
  const [range, setRangeState] = useState<{ value: Filters['range']; touched: boolean }>(() => ({
    value: defaultRange(zone),
    touched: false,
  }));
  // Month to date in the customer's zone once it is known (until the user picks dates).
  useEffect(() => {
    if (zone) setRangeState((r) => (r.touched ? r : { value: defaultRange(zone), touched: false }));
  }, [zone]);
  const setRange = useCallback((value: Filters['range']) => setRangeState({ value, touched: true }), []);
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

  const filters = useMemo<Filters | null>(() => {
    if (!all || !selected) return null;
    // Every location selected is the same report as none named: one stored answer, not two.
    const locations = selected.length === all.length ? [] : selected;
    return { range: range.value, locations };
  }, [all, selected, range]);

  return {
    filters,
    locations: all ?? [],
    selected: selected ?? [],
    setRange,
    setLocations: choose,
    apply: (f: Filters) => {
      setRange(f.range);
      if (all) choose(f.locations.length ? f.locations : all.map((l) => l.ref_id));
    },
    locationsError: locationsRead.error,
  };
}
