/**
 * /dashboard/performance for non-franchise accounts (spec part 3 §2.3): range picker, statistics
 * strip, services donut, channels pie, leads by weekday (Call Leads, Form Leads) with the total,
 * Top 10 Campaigns, Accounts and Recent Lead Activity ('View all' to the leads page; a lead's name
 * or date opens it there). Default export: loaded lazily by the dashboard's route table.
 */
import './performance.css';
import { OverviewResponse } from '../../api/contracts/performance';
import { OverviewCharts } from './overview-charts';
import { OverviewTables } from './overview-tables';
import { useReport } from './perf-read';
import { ScreenFrame } from './screen-frame';
import { StatStrip, StatTile } from './stat-tile';
import { useScreen } from './use-screen';

const STATS = [
  ['leads_count', 'count', false],
  ['calls', 'count', false],
  ['forms', 'count', false],
  ['lead_cost', 'money', true],
  ['avg_cost', 'money', true],
  ['active_campaigns', 'count', false],
  ['paused_campaigns', 'count', false],
] as const;

export default function PerformancePage() {
  const s = useScreen('overview');
  const read = useReport(OverviewResponse, '/reports/overview', s.filters);
  const data = read.data;
  return (
    <ScreenFrame title="Performance" s={s} read={s.filters ? read : null}>
      {data ? (
        <>
          <StatStrip busy={read.loading}>
            {STATS.map(([key, kind, cost]) => (
              <StatTile key={key} name={key} stat={data.performance_overview[key]} kind={kind} cost={cost} />
            ))}
          </StatStrip>
          <OverviewCharts data={data} loading={read.loading} />
          <OverviewTables data={data} zone={s.zone} />
        </>
      ) : null}
    </ScreenFrame>
  );
}
