/**
 * The shared table toolbar (spec part 3 §2.6): time period and dates, the Filter menu, Export,
 * Table Config and the text search, with the applied conditions shown as removable chips.
 * State (range, filters, query) belongs to the page, which owns the URL and the request; the
 * toolbar's own reads come in as `data` (use-toolbar-data.ts) so the page can share them.
 */
import '@/ui/toolbar/toolbar.css';
import { useState } from 'react';
import type { ExportBody, FilterCondition, TableColumn } from '@/api/contracts/toolbar';
import type { DateRange } from '@/lib/date-range';
import { DateRangePicker } from '@/ui/inputs/date-range-picker';
import { toastSuccess } from '@/ui/toast';
import { FilterMenu } from '@/ui/toolbar/filter-menu';
import { describeCondition } from '@/ui/toolbar/filter-text';
import { SaveFilterModal } from '@/ui/toolbar/save-filter-modal';
import { SearchBox } from '@/ui/toolbar/search-box';
import { TableConfigPanel } from '@/ui/toolbar/table-config-panel';
import { ExportButton } from './export-button';
import { deleteSavedFilter, postSavedFilter, resetTableColumns, saveTableColumns } from './toolbar-api';
import type { useToolbarData } from './use-toolbar-data';

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
  locationCount: number;
};

export function TableToolbar(props: TableToolbarProps) {
  const { type, noun, data, range, onRangeChange, timeZone, filters, onFiltersChange } = props;
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState<FilterCondition[] | null>(null);
  const userId = data.userId;

  const saveColumns = (columns: TableColumn[]) => {
    if (userId !== null) void saveTableColumns(userId, type, columns);
  };
  const reset = () => {
    if (userId !== null) void resetTableColumns(userId, type);
  };

  return (
    <div className="table-toolbar">
      <div className="table-toolbar__row" role="toolbar" aria-label={`${noun} table tools`}>
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
            locationCount={props.locationCount}
          />
          <TableConfigPanel columns={data.columns} onSave={saveColumns} onReset={reset} />
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
            <button type="button" className="link-button" onClick={() => setSaving(filters)}>
              Save Filter
            </button>
          </li>
        </ul>
      ) : null}
      {saving ? (
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
      ) : null}
    </div>
  );
}
