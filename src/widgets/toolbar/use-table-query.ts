/**
 * What a list page behind the table toolbar keeps (leads, campaigns): the date range, filters,
 * search, sort and page. Changing any of them but the page goes back to page 1.
 *
 * The range is the user's report range (widgets/report-range) when `range` is 'report' (Leads:
 * the dates chosen on a performance screen carry here, and back); otherwise the page's own, Month
 * to date in the customer's zone until the user picks dates.
 *
 * `fields` is what the list request and the export both send; `toolbarProps` wires TableToolbar.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ExportBody, FilterCondition } from '../../api/contracts/toolbar';
import { useSession } from '../../db/use-session';
import type { DateRange } from '../../lib/date-range';
import { useReportRange } from '../report-range/use-report-range';

export type TableSort = { by: string; order: 'asc' | 'desc' };

export function useTableQuery(
  zone: string | null,
  initialSort: TableSort,
  /** The order a column sorts in when first chosen. */
  firstOrder: (by: string) => TableSort['order'] = () => 'asc',
  rangeKind: 'report' | 'own' = 'own',
) {
  // Until the user picks dates, the range is worked out in the zone of this very render: when the
  // zone arrives, the list request already has it (no request for the browser's date first).
  const { user_id: userId } = useSession();
  const [range, setRange] = useReportRange(userId, zone, rangeKind === 'report');
  const [filters, setFilters] = useState<FilterCondition[]>([]);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<TableSort>(initialSort);
  const [page, setPage] = useState(1);

  const fields = useMemo(
    () => ({
      order: sort.order,
      order_by: sort.by,
      start_date: range.start_date,
      end_date: range.end_date,
      ...(query ? { query } : {}),
      ...(filters.length ? { filters } : {}),
    }),
    [sort, range, query, filters],
  ) satisfies ExportBody;

  // Stable (a memoised table takes it): the first order is read when the sort changes.
  const orderOf = useRef(firstOrder);
  orderOf.current = firstOrder;
  const changeSort = useCallback((by: string) => {
    setSort((s) =>
      s.by === by ? { by, order: s.order === 'asc' ? 'desc' : 'asc' } : { by, order: orderOf.current(by) },
    );
    setPage(1);
  }, []);

  const toolbarProps = {
    range,
    onRangeChange: (value: DateRange) => {
      setRange(value);
      setPage(1);
    },
    timeZone: zone,
    filters,
    onFiltersChange: (next: FilterCondition[]) => {
      setFilters(next);
      setPage(1);
    },
    query,
    onQueryChange: (next: string) => {
      setQuery(next);
      setPage(1);
    },
    exportBody: fields,
  };

  return { range, sort, page, setPage, changeSort, fields, toolbarProps };
}
