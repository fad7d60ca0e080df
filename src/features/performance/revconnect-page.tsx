/**
 * /dashboard/performance/revconnect (spec part 3 §2.5 RevConnect): Revenue and Conversion with
 * the revenue/sales and cost of marketing trends, twelve metric tiles and the Marketing Funnel
 * (Leads, Qualified Leads, Appointments, Sales). With the RevConnect flag also the Location
 * Breakdown (10 a page), Cost Per Sale and Lead to Sale Conversion Rate; without it a full-screen
 * promo ('What is your cost of marketing?', 'CONNECT to Find Out') over sample data.
 */
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import {
  EXECUTIVE_PAGE_SIZE,
  RevconnectFunnel as FunnelStruct,
  REVCONNECT_METRICS,
  type RevconnectFunnel,
  RevconnectMetrics,
  SeriesGraph,
  TableResponse,
} from '../../api/contracts/performance';
import { dashboardPath } from '../../lib/routes';
import { BASE_OPTION, ChartBox, PALETTE } from './chart-box';
import { formatValue, isCost } from './format';
import { useReport } from './perf-read';
import { ReportTable } from './report-table';
import { SAMPLE_FUNNEL, SAMPLE_MARKETING, SAMPLE_METRICS, SAMPLE_REV_SALES } from './revconnect-sample';
import { type Screen, ScreenFrame } from './screen-frame';
import { SeriesChart } from './series-chart';
import { StatStrip, StatTile } from './stat-tile';
import { TableExport } from './table-export';
import type { Filters } from './use-filters';

function Funnel({ funnel }: { funnel: RevconnectFunnel | undefined }) {
  const stages = funnel?.funnel ?? [];
  const option = useMemo(
    () => ({
      ...BASE_OPTION,
      color: PALETTE,
      legend: { show: false },
      xAxis: { type: 'value' as const },
      yAxis: { type: 'category' as const, inverse: true, data: stages.map((s) => s.name) },
      series: [
        { type: 'bar' as const, name: 'Marketing Funnel', data: stages.map((s) => s.data[0]?.value ?? 0) },
      ],
    }),
    [stages],
  );
  return (
    <ChartBox
      title="Marketing Funnel"
      option={option}
      height={240}
      table={{
        columns: ['Stage', 'Count'],
        rows: stages.map((s) => [s.name, formatValue(s.data[0]?.value ?? 0)]),
      }}
    />
  );
}

function Body({
  metrics,
  funnel,
  revSales,
  marketing,
}: {
  metrics: RevconnectMetrics | undefined;
  funnel: RevconnectFunnel | undefined;
  revSales: SeriesGraph | undefined;
  marketing: SeriesGraph | undefined;
}) {
  return (
    <>
      <h2 className="perf-panel__title">Revenue and Conversion</h2>
      <div className="perf-grid perf-grid--2">
        <SeriesChart
          title="Revenue / Sales"
          graph={revSales}
          names={{ revenue: 'Revenue', sales: 'Sales' }}
          dualAxis
        />
        <SeriesChart
          title="Cost of Marketing"
          graph={marketing}
          names={{ cost: 'Cost of Marketing' }}
          kind="money0"
        />
      </div>
      <StatStrip>
        {REVCONNECT_METRICS.map((m) => (
          <StatTile
            key={m}
            name={m}
            stat={metrics?.metrics[m]}
            kind={m.startsWith('cost_') || m.startsWith('rev_') ? 'money0' : 'count'}
            cost={isCost(m)}
          />
        ))}
      </StatStrip>
      <Funnel funnel={funnel} />
    </>
  );
}

export const PROMO_TITLE = 'What is your cost of marketing?';

export function RevconnectScreen({ s, filters }: { s: Screen; filters: Filters }) {
  const connected = s.settings?.show_revconnect ?? false;
  const live = connected ? filters : null;
  const metrics = useReport(RevconnectMetrics, '/performance/revconnect/metrics', live);
  const funnel = useReport(FunnelStruct, '/performance/revconnect/funnel', live);
  const revSales = useReport(SeriesGraph, '/performance/revconnect/rev_sales_graph', live);
  const marketing = useReport(SeriesGraph, '/performance/revconnect/marketing_graph', live);
  const costPerSale = useReport(SeriesGraph, '/performance/revconnect/cost_per_sale', live);
  const leadToSale = useReport(SeriesGraph, '/performance/revconnect/lead_to_sale', live);
  const [page, setPage] = useState(1);
  const table = useReport(TableResponse, '/performance/revconnect/location_breakdown', live, {
    page,
    per_page: EXECUTIVE_PAGE_SIZE,
  });
  if (!s.settings) return <ScreenFrame title="RevConnect" s={s} read={null} />;
  if (!connected) {
    return (
      <ScreenFrame
        title="RevConnect"
        s={s}
        read={{ data: true, offline: false, asOf: null, notLoaded: false, loading: false, error: null }}
      >
        <div className="perf-promo">
          <div className="perf-promo__content" aria-hidden="true">
            <Body
              metrics={SAMPLE_METRICS}
              funnel={SAMPLE_FUNNEL}
              revSales={SAMPLE_REV_SALES}
              marketing={SAMPLE_MARKETING}
            />
          </div>
          <div className="perf-promo__overlay" role="dialog" aria-label={PROMO_TITLE}>
            <h2>{PROMO_TITLE}</h2>
            <Link href={dashboardPath('products')} className="button button--primary">
              CONNECT to Find Out
            </Link>
          </div>
        </div>
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame title="RevConnect" s={s} read={metrics}>
      <Body metrics={metrics.data} funnel={funnel.data} revSales={revSales.data} marketing={marketing.data} />
      <ReportTable
        title="Location Breakdown"
        data={table.data}
        loading={table.loading}
        page={page}
        perPage={EXECUTIVE_PAGE_SIZE}
        onPage={setPage}
        actions={
          <TableExport
            type="revconnect-locations"
            noun="locations"
            filters={filters}
            locationCount={s.locations.length}
          />
        }
      />
      <div className="perf-grid perf-grid--2">
        <SeriesChart
          title="Cost Per Sale"
          graph={costPerSale.data}
          names={{ cost_per_sale: 'Cost Per Sale' }}
          kind="money"
        />
        <SeriesChart
          title="Lead to Sale Conversion Rate"
          graph={leadToSale.data}
          names={{ lead_to_sale: 'Lead to Sale' }}
          kind="percent"
        />
      </div>
    </ScreenFrame>
  );
}
