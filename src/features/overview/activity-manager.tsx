/**
 * The Activity Manager (spec part 2 §2): search box with a Search button, status filter chips,
 * the task table (sorting on status and due date only), pagination with ellipsis, and 'No
 * activities found.' with why (activity-empty.tsx). Clicking a task marks it viewed, then opens its modal (by key), expands it
 * (cta accordion) or navigates (cta go_to: /dashboard/{index}[/{action}]). Readable offline with
 * "as of" (useCachedRead).
 */
import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import {
  ACTIVITY_STATUSES,
  ActivitiesResponse,
  type Activity,
  type ActivityStatus,
  STATUS_LABELS,
} from '../../api/contracts/activities';
import { useSession } from '../../db/use-session';
import { dashboardPath } from '../../lib/routes';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { useCachedRead } from '../../sync/use-cached-read';
import { SearchInput } from '../../ui/inputs/search-input';
import { Select } from '../../ui/inputs/select';
import { lazyComponent, preloadWhenIdle } from '../../ui/lazy-component';
import { Pagination } from '../../ui/table/pagination';
import { ActivityEmpty } from './activity-empty';
import { ActivityRow } from './activity-row';
import { ACTIVITIES_PATH, markViewed } from './overview-api';
import { hasTaskModal } from './task-kinds';
import { useTaskMarks } from './use-task-marks';

/** The task modals and their forms: loaded when the screen is idle, or when a task is opened. */
const SORT_OPTIONS = [
  { value: 'status:asc', label: 'Status (A-Z)' },
  { value: 'status:desc', label: 'Status (Z-A)' },
  { value: 'due_date:asc', label: 'Due Date (earliest)' },
  { value: 'due_date:desc', label: 'Due Date (latest)' },
];

const TaskModal = lazyComponent(() => import('./task-modal'));

type Sort = { by: 'status' | 'due_date'; order: 'asc' | 'desc' } | null;

export const goToPath = (a: Pick<Activity, 'index' | 'action'>) =>
  dashboardPath(a.index ?? 'overview', a.action && a.action !== a.index ? a.action : undefined);

export function ActivityManager({
  onSeoMode,
  refreshSignal = 0,
}: {
  onSeoMode?: (seo: boolean) => void;
  /** A new value reads the list again (the server changed it). */
  refreshSignal?: number;
}) {
  const { user_id: userId } = useSession();
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [statuses, setStatuses] = useState<ActivityStatus[]>([]);
  const [sort, setSort] = useState<Sort>(null);
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<Activity | null>(null);
  // Clicked here: the dot goes at once, whatever the stored list still says.
  const [seen, setSeen] = useState<Set<number>>(new Set());
  const marks = useTaskMarks();
  // The forms behind the modals arrive once the screen is idle: a task opens without waiting.
  useEffect(() => preloadWhenIdle(TaskModal), []);

  // Page 1 without a page parameter: the read a delivered write refreshes (refresh: ['/activities']).
  const query = {
    ...(page > 1 ? { page } : {}),
    ...(search ? { search } : {}),
    ...(statuses.length ? { status: statuses.join(',') } : {}),
    ...(sort ? { sort_by: sort.by, sort_order: sort.order } : {}),
  };
  const read = useCachedRead(ActivitiesResponse, ACTIVITIES_PATH, { query });
  const data = read.data;
  const seo = data?.seo_mode ?? false;
  // Told once the list has answered (or cannot: offline and never read, an error): the page waits
  // for it before showing anything, so the SEO widgets never push a shown list down.
  useEffect(() => {
    if (!read.loading) onSeoMode?.(data?.seo_mode ?? false);
  }, [read.loading, data, onSeoMode]);
  const { refresh } = read;
  useEffect(() => {
    if (refreshSignal > 0) refresh();
  }, [refreshSignal, refresh]);

  const openTask = (a: Activity) => {
    if (!a.viewed && userId !== null && !marks.viewed.has(a.id) && !seen.has(a.id)) {
      setSeen((s) => new Set(s).add(a.id));
      void markViewed(userId, a);
    }
    if (a.cta === 'accordion')
      setExpanded((s) => {
        const next = new Set(s);
        if (next.has(a.id)) next.delete(a.id);
        else next.add(a.id);
        return next;
      });
    else if (a.cta === 'go_to') navigate(goToPath(a));
    else if (hasTaskModal(a.key)) setOpen(a);
  };
  const toggleStatus = (status: ActivityStatus) => {
    setStatuses((s) => (s.includes(status) ? s.filter((x) => x !== status) : [...s, status]));
    setPage(1);
  };
  const clearFilters = () => {
    setTyped('');
    setSearch('');
    setStatuses([]);
    setPage(1);
  };
  const sortBy = (by: 'status' | 'due_date') => {
    setSort((s) => (s?.by === by ? { by, order: s.order === 'asc' ? 'desc' : 'asc' } : { by, order: 'asc' }));
    setPage(1);
  };
  const sortMark = (by: string) =>
    sort?.by === by ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none';
  const header = (by: 'status' | 'due_date', label: string) => (
    <th scope="col" aria-sort={sortMark(by)}>
      <button type="button" className="activity-table__sort" onClick={() => sortBy(by)}>
        {label}
        <span aria-hidden="true">{sort?.by === by ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );

  return (
    <section className="activity-manager" aria-labelledby="activity-manager-title">
      <div className="activity-manager__head">
        <h2 id="activity-manager-title">Activity Manager</h2>
        <OfflineBadge offline={read.offline} asOf={read.asOf} />
      </div>
      <search className="activity-manager__search-wrap">
        <form
          className="activity-manager__search"
          onSubmit={(event) => {
            event.preventDefault();
            setSearch(typed.trim());
            setPage(1);
          }}
        >
          <SearchInput
            id="activity-search"
            className="activity-manager__search-field"
            label="Search activities"
            placeholder="Search"
            value={typed}
            maxLength={100}
            onChange={setTyped}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </form>
      </search>
      <fieldset className="status-chips">
        <legend className="visually-hidden">Filter by status</legend>
        {ACTIVITY_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className={`status-chip status-chip--${status} status-chip--filter`}
            aria-pressed={statuses.includes(status)}
            onClick={() => toggleStatus(status)}
          >
            {STATUS_LABELS[status]}
          </button>
        ))}
      </fieldset>
      <label className="activity-manager__sort">
        <span>Sort by</span>
        <Select
          value={sort ? `${sort.by}:${sort.order}` : ''}
          placeholder="Default"
          options={SORT_OPTIONS}
          onChange={(value) => {
            const [by, order] = value.split(':');
            setSort(by ? { by: by as 'status' | 'due_date', order: order as 'asc' | 'desc' } : null);
            setPage(1);
          }}
        />
      </label>
      {read.error && !data ? (
        <p className="activity-manager__error" role="alert">
          {read.error.message}
        </p>
      ) : null}
      {!data && read.loading ? <p className="activity-manager__muted">Loading activities…</p> : null}
      {data ? (
        <div className="activity-table__wrap">
          <table className="activity-table">
            <thead>
              <tr>
                <th scope="col">Task</th>
                {header('status', 'Status')}
                <th scope="col">Team Members</th>
                <th scope="col">Service</th>
                {seo ? <th scope="col">Category</th> : null}
                {header('due_date', 'Due Date')}
              </tr>
            </thead>
            <tbody>
              {data.data.length === 0 ? (
                <ActivityEmpty
                  search={search}
                  statuses={statuses}
                  colSpan={seo ? 6 : 5}
                  onClear={clearFilters}
                />
              ) : (
                data.data.map((a) => (
                  <ActivityRow
                    key={a.id}
                    activity={a}
                    seo={seo}
                    unviewed={!a.viewed && !marks.viewed.has(a.id) && !seen.has(a.id)}
                    expanded={expanded.has(a.id)}
                    openable={a.cta !== 'modal' || hasTaskModal(a.key)}
                    pending={marks.pending.has(a.id)}
                    failed={marks.failed.get(a.id) ?? null}
                    onOpen={() => openTask(a)}
                  />
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : null}
      {data ? (
        <Pagination
          current={data.current_page}
          total={data.total_pages}
          from={data.showing_from}
          to={data.showing_to}
          records={data.total_records}
          onPage={setPage}
          label="Activity pages"
        />
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <TaskModal
            activity={open}
            onCancel={() => setOpen(null)}
            onDone={() => {
              setOpen(null);
              read.refresh();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
