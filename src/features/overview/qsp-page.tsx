/**
 * /dashboard/overview/qsp, the Quarterly SEO Plan (spec part 3 §2.13): a quarter dropdown (the
 * selected one preselected), one table per month (Task, Status, Category) with its own
 * pagination; rows with notes, url, description or goal expand (the first such row starts open);
 * completed rows are shaded with a green badge; 'No data available'. Readable offline with "as of".
 * Default export: loaded lazily by the dashboard's route table.
 */
import './overview.css';
import { useState } from 'react';
import { endpointPath } from '../../api/contracts/endpoints';
import { type SeoMonth, SeoReportResponse, type SeoTaskRow } from '../../api/contracts/seo';
import { zonedFormat } from '../../lib/time-zone';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { useCachedRead } from '../../sync/use-cached-read';
import { Select } from '../../ui/inputs/select';
import { Pagination } from '../../ui/table/pagination';

export const SEO_REPORT_PATH = endpointPath('GET /seo/report');
const hasDetails = (r: SeoTaskRow) => Boolean(r.notes || r.url || r.description || r.goal);
const MONTH_NAME: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' };
const monthName = (month: string) => zonedFormat(MONTH_NAME, 'UTC').format(Date.parse(`${month}T00:00:00Z`));
const statusLabel = (s: string) => s.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

function MonthTable({ month, onPage }: { month: SeoMonth; onPage: (page: number) => void }) {
  const firstOpen = month.data.find(hasDetails)?.id ?? null;
  const [open, setOpen] = useState<Set<number>>(() => new Set(firstOpen ? [firstOpen] : []));
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <section className="overview-card qsp-month" aria-label={monthName(month.month)}>
      <h2 className="overview-card__title">{monthName(month.month)}</h2>
      <div className="activity-table__wrap">
        <table className="activity-table qsp-table">
          <thead>
            <tr>
              <th scope="col">Task</th>
              <th scope="col">Status</th>
              <th scope="col">Category</th>
            </tr>
          </thead>
          <tbody>
            {month.data.length === 0 ? (
              <tr>
                <td colSpan={3} className="activity-table__empty">
                  No data available
                </td>
              </tr>
            ) : null}
            {month.data.map((row) => {
              const done = row.status === 'completed' || row.status === 'complete';
              const details = hasDetails(row);
              return [
                <tr key={row.id} className={done ? 'activity-row activity-row--success' : 'activity-row'}>
                  <td data-label="Task" className="activity-row__task">
                    {details ? (
                      <button
                        type="button"
                        className="activity-row__open"
                        aria-expanded={open.has(row.id)}
                        onClick={() => toggle(row.id)}
                      >
                        {row.task}
                      </button>
                    ) : (
                      <span className="activity-row__open activity-row__open--static">{row.task}</span>
                    )}
                  </td>
                  <td data-label="Status">
                    <span
                      className={
                        done ? 'status-chip status-chip--completed' : `status-chip status-chip--${row.status}`
                      }
                    >
                      {done ? 'Completed' : statusLabel(row.status)}
                    </span>
                  </td>
                  <td data-label="Category">{row.bucket}</td>
                </tr>,
                details && open.has(row.id) ? (
                  <tr key={`${row.id}-details`} className="activity-details">
                    <td colSpan={3}>
                      {row.description ? <p>{row.description}</p> : null}
                      {row.goal ? (
                        <p>
                          <strong>Goal:</strong> {row.goal}
                        </p>
                      ) : null}
                      {row.notes ? (
                        <p>
                          <strong>Task Details:</strong> {row.notes}
                        </p>
                      ) : null}
                      {row.url ? (
                        <a href={row.url} target="_blank" rel="noopener noreferrer">
                          {row.url}
                        </a>
                      ) : null}
                    </td>
                  </tr>
                ) : null,
              ];
            })}
          </tbody>
        </table>
      </div>
      <Pagination
        current={month.current_page}
        total={month.total_pages}
        from={month.showing_from}
        to={month.showing_to}
        records={month.total_records}
        onPage={onPage}
        label={`${monthName(month.month)} pages`}
      />
    </section>
  );
}

export default function QspPage() {
  const [quarter, setQuarter] = useState<string | undefined>(undefined);
  const [paging, setPaging] = useState<{ date: string; page: number } | null>(null);
  const query = {
    ...(quarter ? { quarter } : {}),
    ...(paging ? { date: paging.date, page: paging.page } : {}),
  };
  const read = useCachedRead(SeoReportResponse, SEO_REPORT_PATH, { query });
  const data = read.data;
  const selected = data?.quarters.find((q) => q.selected)?.value ?? '';
  return (
    <section className="overview-page" aria-labelledby="qsp-title">
      <title>Quarterly SEO Plan</title>
      <div className="activity-manager__head">
        <h1 id="qsp-title" className="overview-page__title">
          Quarterly SEO Plan
        </h1>
        <OfflineBadge offline={read.offline} asOf={read.asOf} />
      </div>
      {data?.quarters.length ? (
        <Select
          id="qsp-quarter"
          className="qsp-quarter"
          label="Quarter"
          value={selected}
          options={data.quarters.map((q) => ({ value: q.value, label: q.key }))}
          onChange={(value) => {
            setQuarter(value);
            setPaging(null);
          }}
        />
      ) : null}
      {!data && read.loading ? <p className="activity-manager__muted">Loading the plan…</p> : null}
      {read.error && !data ? (
        <p className="activity-manager__error" role="alert">
          {read.error.message}
        </p>
      ) : null}
      {data && data.data.length === 0 ? <p className="activity-manager__muted">No data available</p> : null}
      <div className="qsp-months">
        {data?.data.map((month) => (
          <MonthTable
            key={`${selected}-${month.month}-${month.current_page}`}
            month={month}
            onPage={(page) => setPaging({ date: month.month, page })}
          />
        ))}
      </div>
    </section>
  );
}
