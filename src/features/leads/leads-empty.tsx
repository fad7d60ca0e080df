/**
 * What an empty leads list says under the table: for a search or filter that matches nothing, a
 * way to clear it (the statistics then show no change figure, leads-stats.tsx); for an empty
 * period, what comes next. The one-line reason itself is the table's empty text (emptyText).
 */
import { NO_LEADS, NO_LEADS_LIVE, NO_LEADS_NEXT, noMatch } from './messages';

export type EmptyLeads = { query?: string; filtered: boolean };

/** The table's empty text for the list asked for. */
export const emptyText = ({ query, filtered }: EmptyLeads) => (query || filtered ? noMatch(query) : NO_LEADS);

export function LeadsEmpty({
  query,
  filtered,
  onClearSearch,
  onClearFilters,
}: EmptyLeads & { onClearSearch: () => void; onClearFilters: () => void }) {
  if (query || filtered) {
    return (
      <div className="leads-empty">
        {query ? (
          <button type="button" className="button button--ghost" onClick={onClearSearch}>
            Clear search
          </button>
        ) : null}
        {filtered ? (
          <button type="button" className="button button--ghost" onClick={onClearFilters}>
            Clear filters
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="leads-empty">
      <p>{NO_LEADS_NEXT}</p>
      <p className="leads-empty__hint">{NO_LEADS_LIVE}</p>
    </div>
  );
}
