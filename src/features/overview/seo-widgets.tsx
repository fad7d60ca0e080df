/**
 * The Overview's SEO widgets (spec part 3 §2.2), shown in SEO mode: the Progress Summary (three
 * tiles that toggle the list of this month's counts into view, and 'View Quarterly SEO Plan'), the
 * SEO Plan stacked bar (Y axis 0-100 with four ticks; previous / next move a quarter) and the
 * breakdown by category. The Progress Summary counts this month's SEO plan tasks (GET /seo/stats),
 * not the Activity Manager's rows, and says so above its tiles. Charts only through ui/chart.tsx
 * (drawn after the overview is painted, in a box of the chart's height meanwhile).
 * Loaded lazily: only SEO mode pays for it.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { endpointPath } from '../../api/contracts/endpoints';
import { SeoStatsResponse } from '../../api/contracts/seo';
import { useCachedRead } from '../../sync/use-cached-read';
import { Chart, type ChartOption } from '../../ui/chart';
import { OVERVIEW_TEXTS, tileDetail } from './messages';

const SEO_STATS_PATH = endpointPath('GET /seo/stats');

const TILES = [
  ['action_required', 'Action Required'],
  ['completed', 'Completed'],
  ['planned', 'Planned'],
] as const;
const COLORS = { planned: '#93c5fd', action_required: '#f97066', complete: '#32d583' };
const NAMES = { planned: 'Planned', action_required: 'Action Required', complete: 'Complete' };

function planOption(widget: SeoStatsResponse['plan_widget']): ChartOption {
  const types = ['complete', 'action_required', 'planned'] as const;
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${v}%` },
    legend: { bottom: 0 },
    grid: { left: 40, right: 12, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: widget.categories },
    yAxis: { type: 'value', min: 0, max: 100, interval: 25, axisLabel: { formatter: '{value}%' } },
    series: types.map((type) => ({
      type: 'bar' as const,
      name: NAMES[type],
      stack: 'tasks',
      barMaxWidth: 48,
      itemStyle: { color: COLORS[type] },
      data: widget.series.map((entry) => {
        const total = entry.data[0] ?? 0;
        const value = entry.status_data.find((s) => s.type === type)?.value ?? 0;
        return total ? Math.round((value / total) * 100) : 0;
      }),
    })),
  };
}

/** The spec's 'No data available', then why and what comes next. */
function EmptyCard({ loading, why }: { loading: boolean; why: string }) {
  if (loading) return <p className="activity-manager__muted">Loading…</p>;
  return (
    <div className="activity-manager__muted">
      <p>{OVERVIEW_TEXTS.noData}</p>
      <p>{why}</p>
    </div>
  );
}

export default function SeoWidgets({ onReady }: { onReady?: () => void }) {
  const [open, setOpen] = useState<string | null>(null);
  const [paging, setPaging] = useState<{ arrow: 'previous' | 'next'; month: string } | null>(null);
  const stats = useCachedRead(SeoStatsResponse, SEO_STATS_PATH);
  const plan = useCachedRead(SeoStatsResponse, SEO_STATS_PATH, {
    query: paging ? { plan_widget_only: 'true', ...paging } : {},
  });
  // Ready once the stats have answered (or cannot): the page shows itself from then on.
  useEffect(() => {
    if (!stats.loading) onReady?.();
  }, [stats.loading, onReady]);
  const progress = stats.data?.progress;
  const widget = (paging ? plan.data : stats.data)?.plan_widget;
  const move = (arrow: 'previous' | 'next') => widget?.month && setPaging({ arrow, month: widget.month });
  return (
    <div className="seo-widgets">
      <section className="overview-card" aria-labelledby="seo-progress-title">
        <h2 id="seo-progress-title" className="overview-card__title">
          Progress Summary
        </h2>
        {progress ? (
          <>
            <p className="seo-tiles__scope">{OVERVIEW_TEXTS.progressScope(progress.current_month)}</p>
            <div className="seo-tiles">
              {TILES.map(([key, label]) => (
                <button
                  key={key}
                  type="button"
                  className={`seo-tile status-chip--${key}`}
                  aria-pressed={open === key}
                  onClick={() => setOpen(open === key ? null : key)}
                >
                  <span className="seo-tile__value">{progress[key]}</span>
                  <span>{label}</span>
                </button>
              ))}
            </div>
            {open ? (
              <p className="seo-tiles__detail" role="status">
                {open === 'completed'
                  ? `${progress.completed_percentage}% of this month's SEO plan tasks are completed${progress.increased ? ', up on last month' : ''}.`
                  : tileDetail(
                      open as 'action_required' | 'planned',
                      progress[open as 'action_required' | 'planned'],
                    )}
              </p>
            ) : null}
          </>
        ) : (
          <EmptyCard loading={stats.loading} why={OVERVIEW_TEXTS.noSeoProgress} />
        )}
        <Link className="button button--ghost" href="/dashboard/overview/qsp">
          View Quarterly SEO Plan
        </Link>
      </section>
      <section className="overview-card" aria-labelledby="seo-plan-title">
        <div className="seo-plan__head">
          <h2 id="seo-plan-title" className="overview-card__title">
            SEO Plan
          </h2>
          <div className="seo-plan__arrows">
            <button
              type="button"
              className="pagination__button"
              aria-label="Previous quarter"
              disabled={!widget?.has_previous}
              onClick={() => move('previous')}
            >
              ‹
            </button>
            <button
              type="button"
              className="pagination__button"
              aria-label="Next quarter"
              disabled={!widget?.has_next}
              onClick={() => move('next')}
            >
              ›
            </button>
          </div>
        </div>
        {widget ? (
          <Chart
            option={planOption(widget)}
            label={`SEO plan tasks by status, ${widget.categories.join(', ')}`}
            height={240}
            loading={plan.loading && Boolean(paging)}
          />
        ) : null}
      </section>
      <section className="overview-card" aria-labelledby="seo-breakdown-title">
        <h2 id="seo-breakdown-title" className="overview-card__title">
          Breakdown
        </h2>
        {stats.data?.breakdown_widget?.length ? (
          <ul className="seo-breakdown">
            {stats.data.breakdown_widget.map((b) => (
              <li key={b.bucket}>
                <span>{b.bucket}</span>
                <meter
                  min={0}
                  max={b.total}
                  value={b.completed}
                  aria-label={`${b.bucket}: ${b.completed} of ${b.total} completed`}
                />
                <span className="seo-breakdown__count">
                  {b.completed}/{b.total}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyCard loading={stats.loading} why={OVERVIEW_TEXTS.noBreakdown} />
        )}
      </section>
    </div>
  );
}
