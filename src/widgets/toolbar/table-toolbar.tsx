/**
 * The shared table toolbar (spec part 3 §2.6): time period and dates, the Filter menu, Export,
 * Table Config and the text search, with the applied conditions shown as removable chips.
 * State (range, filters, query) belongs to the page, which owns the URL and the request; the
 * toolbar's own reads come in as `data` (use-toolbar-data.ts) so the page can share them.
 *
 * On a phone (700 px or less) the toolbar is one row, the search and a "Tools" button that
 * opens the other controls under it (dates, Filter, Export, Table Config), so the rows start high.
 * The button shows how many filters apply; wider screens show everything in one row, no button.
 */
import '@/ui/toolbar/toolbar.css';
import { Suspense, useEffect, useId, useState } from 'react';
import type { ExportBody, FilterCondition, TableColumn } from '@/api/contracts/toolbar';
import type { DateRange } from '@/lib/date-range';
import { ErrorBoundary } from '@/ui/error-boundary';
import { DateRangePicker } from '@/ui/inputs/date-range-picker';
import { lazyComponent, preloadWhenIdle } from '@/ui/lazy-component';
import { toastSuccess } from '@/ui/toast';
import { FilterMenu } from '@/ui/toolbar/filter-menu';
import { describeCondition } from '@/ui/toolbar/filter-text';
import { locationScope } from '@/ui/toolbar/location-scope';
import { SearchBox } from '@/ui/toolbar/search-box';
import { TableConfigPanel } from '@/ui/toolbar/table-config-panel';
import { ExportButton } from './export-button';
import { deleteSavedFilter, postSavedFilter, resetTableColumns, saveTableColumns } from './toolbar-api';
import type { useToolbarData } from './use-toolbar-data';

/** Not part of a list screen's first load (it brings the form kit): loaded once the page is idle. */
const SaveFilterModal = lazyComponent(() =>
  import('@/ui/toolbar/save-filter-modal').then((module) => ({ default: module.SaveFilterModal })),
);

export type TableToolbarProps = {
  type: string;
  noun: string;
  data: ReturnType<typeof useToolbarData>;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  timeZone?: string | null;
  filters: FilterCondition[];
  onFiltersChange: (filters: FilterCondition[]) => void;
  query: string;
  onQueryChange: (query: string) => void;
  exportBody: ExportBody;
  /** Called after Table Config's Reset, so the page can drop widths it holds itself. */
  onColumnsReset?: () => void;
};

export function TableToolbar(props: TableToolbarProps) {
  const { type, noun, data, range, onRangeChange, timeZone, filters, onFiltersChange } = props;
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState<FilterCondition[] | null>(null);
  const [toolsOpen, setToolsOpen] = useState(false);
  const toolsId = useId();
  const userId = data.userId;
  useEffect(() => preloadWhenIdle(SaveFilterModal), []);

  const saveColumns = (columns: TableColumn[]) => {
    if (userId !== null) void saveTableColumns(userId, type, columns);
  };
  const reset = () => {
    if (userId !== null) void resetTableColumns(userId, type);
    props.onColumnsReset?.();
  };

  return (
    <div className="table-toolbar">
      <div className="table-toolbar__row" role="toolbar" aria-label={`${noun} table tools`}>
        <button
          type="button"
          className="button button--ghost toolbar__button table-toolbar__more"
          aria-expanded={toolsOpen}
          aria-controls={toolsId}
          onClick={() => setToolsOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M4 6h16M7 12h10M10 18h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          Tools
          {filters.length ? <span className="table-toolbar__count">{filters.length}</span> : null}
        </button>
        <div id={toolsId} className="table-toolbar__controls" data-open={toolsOpen || undefined}>
          <DateRangePicker
            id={`${type}-range`}
            hideLabel
            value={range}
            onChange={onRangeChange}
            timeZone={timeZone}
          />
          <div className="table-toolbar__actions">
            <FilterMenu
              fields={data.fields}
              saved={data.saved}
              recent={data.recent}
              active={filters}
              editing={editing}
              onEditing={setEditing}
              onApply={onFiltersChange}
              onSave={setSaving}
              onDelete={(name) => {
                if (userId === null) return;
                void deleteSavedFilter(userId, type, name);
                toastSuccess('Filter deleted', `"${name}" was removed from your saved filters.`);
              }}
            />
            <ExportButton
              userId={userId}
              type={type}
              noun={noun}
              body={props.exportBody}
              locations={locationScope(filters, data.fields)}
            />
            <TableConfigPanel columns={data.columns} onSave={saveColumns} onReset={reset} />
          </div>
        </div>
        <SearchBox
          value={props.query}
          onSearch={props.onQueryChange}
          recent={data.queries}
          placeholder={`Search ${noun}`}
        />
      </div>
      {filters.length > 0 ? (
        <ul className="filter-chips" aria-label="Applied filters">
          {filters.map((condition, index) => (
            <li key={`${condition.name}-${condition.op}-${condition.value}`} className="filter-chip">
              {describeCondition(condition, data.fields)}
              <button
                type="button"
                className="filter-chip__remove"
                aria-label={`Remove filter ${describeCondition(condition, data.fields)}`}
                onClick={() => onFiltersChange(filters.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="button button--ghost filter-chips__save"
              onClick={() => setSaving(filters)}
            >
              Save Filter
            </button>
          </li>
        </ul>
      ) : null}
      {saving ? (
        <ErrorBoundary what="the save filter form">
          <Suspense fallback={null}>
            <SaveFilterModal
              onSave={(body) => postSavedFilter(type, body)}
              filters={saving}
              fields={data.fields}
              onSaved={() => {
                // A filter just saved is also the one in use.
                onFiltersChange(saving);
                setEditing(false);
                data.refreshFilters();
              }}
              onClose={() => setSaving(null)}
            />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </div>
  );
}
