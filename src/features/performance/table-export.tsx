/**
 * Export for a breakdown table (spec part 3 §2.4, §4 Export): the toolbar's export (modal, 'Download
 * CSV', Exporting / waiting states) for the table's export type, posted to the table's report path
 * with `.csv` (spec part 3 §7), with the screen's dates, locations and the table's tab (platform or
 * provider) as an equals filter.
 */
import { csvPathOf, type PerformanceExportType } from '@/api/contracts/performance';
import { ExportButton } from '@/widgets/toolbar/export-button';
import { useSession } from '../../db/use-session';
import type { Filters } from './use-filters';

export function TableExport({
  type,
  noun,
  filters,
  locationCount,
  tab,
}: {
  type: PerformanceExportType;
  noun: string;
  filters: Filters;
  locationCount: number;
  tab?: { name: 'platform' | 'provider'; value: string };
}) {
  const { user_id: userId } = useSession();
  return (
    <ExportButton
      userId={userId}
      type={type}
      path={csvPathOf(type)}
      noun={noun}
      locations={{
        applied: filters.locations.length || locationCount,
        total: locationCount,
        by: filters.locations.length ? 'as chosen in Locations' : null,
      }}
      body={{
        start_date: filters.range.start_date,
        end_date: filters.range.end_date,
        ...(filters.locations.length ? { location_ids: filters.locations } : {}),
        ...(tab && tab.value !== 'all'
          ? { filters: [{ name: tab.name, op: 'equals', value: tab.value }] }
          : {}),
      }}
    />
  );
}
