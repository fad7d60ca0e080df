/**
 * A performance screen's header (spec part 3 §2.3, §2.5): the title, the date-range picker, the
 * location picker, and the offline "as of" badge of what is shown; below it, when offline with a
 * combination never loaded here, the plain message and the last combination that was loaded (the
 * offer every range-keyed screen shares, widgets/last-loaded).
 */
import type { ReactNode } from 'react';
import { NotLoadedOffer } from '@/widgets/last-loaded/not-loaded-offer';
import type { Location } from '../../api/contracts/performance';
import { rangeLabel } from '../../lib/date-range';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { DateRangePicker } from '../../ui/inputs/date-range-picker';
import { LocationPicker } from './location-picker';
import type { Filters } from './use-filters';

export const NOT_LOADED =
  "You're offline, and these dates and locations haven't been loaded on this device yet.";

export function ReportHeader({
  title,
  id,
  filters,
  zone,
  locations,
  selected,
  onRange,
  onLocations,
  offline,
  asOf,
  children,
}: {
  title: string;
  id: string;
  filters: Filters | null;
  zone?: string | null;
  locations: Location[];
  selected: string[];
  onRange: (range: Filters['range']) => void;
  onLocations: (refs: string[]) => void;
  offline: boolean;
  asOf: number | null;
  children?: ReactNode;
}) {
  return (
    <header className="perf-head">
      <div className="perf-head__title">
        <h1>{title}</h1>
        <OfflineBadge offline={offline} asOf={asOf} />
      </div>
      <div className="perf-head__controls">
        {children}
        {filters ? (
          <DateRangePicker
            id={`${id}-range`}
            hideLabel
            value={{ ...filters.range }}
            onChange={(r) => onRange({ option: r.option, start_date: r.start_date, end_date: r.end_date })}
            timeZone={zone}
          />
        ) : null}
        <LocationPicker locations={locations} selected={selected} onSave={onLocations} />
      </div>
    </header>
  );
}

export function NotLoadedNotice({ last, onUse }: { last: Filters | null; onUse: (f: Filters) => void }) {
  return (
    <NotLoadedOffer
      message={NOT_LOADED}
      offer={
        last
          ? `${rangeLabel(last.range)}${last.locations.length ? ` (${last.locations.length} locations)` : ''}`
          : null
      }
      onUse={() => last && onUse(last)}
    />
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="perf-spinner" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
