/**
 * /dashboard/leads (spec part 3 §2.7): the statistics header, the shared toolbar, the sortable
 * and resizable table with pagination, and the lead drawer. Owns the screen's state (dates,
 * filters, search, sort, page) and the URL: `?id=` opens that lead's drawer once the list has
 * loaded, then leaves the address. The leads of every page loaded are kept for offline use
 * (leads-prefetch.ts), so a lead listed but never opened opens, and can be reviewed, offline.
 *
 * Screens of 500 px or less send required_fields (the three columns they show) and fit them to
 * the width; wider screens show the user's configured columns at their saved widths.
 * A searched or filtered view shows its figures without a change figure (the previous period of a
 * search is no like-for-like baseline), and an empty list says why and what to do (leads-empty.tsx).
 * Default export: loaded lazily by the dashboard's route table.
 */
import './leads.css';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { TableToolbar } from '@/widgets/toolbar/table-toolbar';
import { saveColumnWidth } from '@/widgets/toolbar/toolbar-api';
import { useAccountZone } from '@/widgets/toolbar/use-account-zone';
import { useTableQuery } from '@/widgets/toolbar/use-table-query';
import { useToolbarData } from '@/widgets/toolbar/use-toolbar-data';
import { DEFAULT_LEAD_COLUMNS, LEAD_COLUMNS, type LeadRow } from '../../api/contracts/leads';
import type { TableColumn } from '../../api/contracts/toolbar';
import { usePrefetch } from '../../sync/prefetch';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { writesOfType } from '../../sync/use-pending-writes';
import { LoadError } from '../../ui/load-error';
import { Pagination } from '../../ui/table/pagination';
import { useNarrow } from '../../ui/use-narrow';
import { LeadDrawer } from './lead-drawer';
import { REVIEW_TAG_TYPE, reviewedLeadId } from './leads-api';
import { emptyText, LeadsEmpty } from './leads-empty';
import { leadsPrefetch } from './leads-prefetch';
import { FIRST_SORT, listBody, NARROW_COLUMNS } from './leads-start';
import { LeadsStats } from './leads-stats';
import { LeadsTable, type ReviewMarks } from './leads-table';
import { OFFLINE_FILTERS_SKIPPED, OFFLINE_RESULTS } from './messages';
import { useLeads } from './use-leads';
import { useNow } from './use-now';

/** What the screen shows first, read from the device ahead of its first render (route-preload.ts). */
export { primeLeadsScreen } from './leads-start';

/**
 * Relative widths of the narrow columns (the table fits them to the screen; a share is at least
 * 101, as any column width). With the Contact column's 101 (leads-table.tsx) a 390 px phone gives
 * the name about 112 px, the day 98, the cost 78 and the actions 68.
 */
const NARROW_SHARES: Record<string, number> = { name: 166, created_at: 146, cost: 116 };
const LABELS = new Map<string, string>(LEAD_COLUMNS.map((c) => [c.name, c.label]));
/** Until the table config is known, the row's own cells set the columns: the default ones (a
 *  row carries every cell for its Call and Email actions, leads-start.ts). */
const FALLBACK_COLUMNS = new Set<string>(DEFAULT_LEAD_COLUMNS);

export default function LeadsPage() {
  // The list waits for the account's zone, so its month to date is the account's from the first ask.
  const { zone, known: zoneKnown, settings } = useAccountZone();
  const toolbar = useToolbarData('leads');
  const narrow = useNarrow();
  // The range is the report range: the dates chosen on a performance screen are the ones here.
  const { sort, page, setPage, changeSort, fields, toolbarProps } = useTableQuery(
    zone,
    FIRST_SORT,
    (by) => (by === 'created_at' ? 'desc' : 'asc'),
    'report',
  );
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [openId, setOpenId] = useState<number | null>(null);

  // Built as leads-start.ts builds the first one, which it reads from the device ahead of this render.
  const body = useMemo(() => listBody(fields, page, narrow), [page, fields, narrow]);
  const view = useLeads(zoneKnown ? body : null, zone);
  const userId = toolbar.userId;
  // The leads of each page loaded from the server are kept for offline use (drawers, recordings).
  const { rows, local, offline } = view;
  usePrefetch(useMemo(() => (local || offline ? null : leadsPrefetch(rows)), [rows, local, offline]));

  // ?id= opens that lead once the list has loaded, then leaves the address bar.
  const search = useSearch();
  const [path, navigate] = useLocation();
  const wanted = Number(new URLSearchParams(search).get('id'));
  const listReady = !view.loading;
  useEffect(() => {
    if (!wanted || !listReady) return;
    setOpenId(wanted);
    navigate(path, { replace: true });
  }, [wanted, listReady, navigate, path]);

  const marks = useReviewMarks(userId);
  // Stable, so the memoised table does not re-render for every read that answers.
  const resizeColumn = useCallback(
    (column: string, width: number) => {
      setWidths((w) => ({ ...w, [column]: width }));
      if (userId !== null) void saveColumnWidth(userId, 'leads', column, width);
    },
    [userId],
  );
  const openLead = useCallback((row: LeadRow) => setOpenId(row.lead_id), []);
  const columns: TableColumn[] = useMemo(() => {
    if (narrow) {
      return NARROW_COLUMNS.map((name) => ({
        name,
        label: LABELS.get(name) ?? name,
        checked: true,
        width: NARROW_SHARES[name],
      }));
    }
    const configured = toolbar.columns.filter((c) => c.checked);
    const source = configured.length
      ? configured
      : (view.rows[0]?.data
          .filter((c) => FALLBACK_COLUMNS.has(c.name))
          .map((c) => ({ name: c.name, label: c.label, checked: true, width: c.width })) ?? []);
    return source.map((c) => ({ ...c, width: widths[c.name] ?? c.width ?? null }));
  }, [narrow, toolbar.columns, view.rows, widths]);

  const openRow = view.rows.find((r) => r.lead_id === openId);
  const now = useNow();
  const asked = { query: fields.query, filtered: Boolean(fields.filters?.length) };
  const searched = Boolean(asked.query) || asked.filtered;
  const empty = view.rows.length === 0 && !view.loading && !(view.error && !view.local);

  return (
    <section className="leads-page" aria-labelledby="leads-title">
      <title>Leads</title>
      <div className="leads-page__head">
        <h1 id="leads-title" className="leads-page__title">
          Leads
        </h1>
        <OfflineBadge offline={view.offline} asOf={view.asOf} timeZone={zone} />
      </div>
      <LeadsStats statistic={view.statistic} compare={!view.local && !searched} loading={view.loading} />
      <TableToolbar
        type="leads"
        noun="leads"
        data={toolbar}
        {...toolbarProps}
        onColumnsReset={() => setWidths({})}
      />
      {view.local ? (
        <div className="leads-page__local" role="status">
          <p>{OFFLINE_RESULTS}</p>
          {view.skipped.length ? (
            <p>
              {OFFLINE_FILTERS_SKIPPED} {view.skipped.join(', ')}
            </p>
          ) : null}
        </div>
      ) : null}
      {view.error && !view.local && view.rows.length > 0 ? (
        <LoadError
          error={view.error}
          what="the latest leads"
          onRetry={view.refresh}
          retrying={view.loading}
        />
      ) : null}
      {/* Shown once its columns are known: rows drawn in the default columns would jump when the
          user's own arrive (issue 26, layout shift). Narrow screens have fixed columns. */}
      <div className={narrow || toolbar.columnsKnown ? undefined : 'first-reads--held'}>
        <LeadsTable
          rows={view.rows}
          columns={columns}
          sort={sort}
          onSort={changeSort}
          onResize={resizeColumn}
          onOpen={openLead}
          marks={marks}
          zone={zone}
          loading={view.loading}
          error={
            view.error && !view.local ? (
              <LoadError
                error={view.error}
                what="your leads"
                onRetry={view.refresh}
                retrying={view.loading}
              />
            ) : null
          }
          fit={narrow}
          now={now}
          emptyText={emptyText(asked)}
        />
      </div>
      {empty ? (
        <LeadsEmpty
          {...asked}
          onClearSearch={() => toolbarProps.onQueryChange('')}
          onClearFilters={() => toolbarProps.onFiltersChange([])}
        />
      ) : null}
      {view.paging ? (
        <Pagination
          current={view.paging.current}
          total={view.paging.total}
          from={view.paging.from}
          to={view.paging.to}
          records={view.paging.records}
          onPage={setPage}
          label="Leads pages"
        />
      ) : null}
      {openId !== null ? (
        <LeadDrawer
          leadId={openId}
          row={openRow}
          userId={userId}
          zone={zone}
          reviewTypes={(settings?.review_types ?? []).map((t) => ({ key: t.key, name: t.name }))}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </section>
  );
}

/** Leads whose review waits in the outbox (pending) or was refused (failed). */
function useReviewMarks(userId: number | null): ReviewMarks {
  const items = useLiveQuery(
    async () => (userId === null ? [] : writesOfType(userId, REVIEW_TAG_TYPE)),
    [userId],
    [],
  );
  return useMemo(() => {
    const marks: ReviewMarks = new Map();
    for (const item of items) {
      const id = reviewedLeadId(item);
      if (id !== null) marks.set(id, item.status === 'failed' ? 'failed' : 'pending');
    }
    return marks;
  }, [items]);
}
