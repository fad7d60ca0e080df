/**
 * /dashboard/performance/programmatic (spec part 3 §2.5 Programmatic): the Programmatic Summary
 * with its provider selector (all, display, simplifi), five stats (Spend, Impressions, Clicks,
 * CPC, CPM), the Clicks/Impressions dual-axis line chart, the CPM line chart and the Programmatic
 * Breakdown table (20 a page).
 */
import { useState } from 'react';
import {
  BREAKDOWN_PAGE_SIZE,
  PROGRAMMATIC_PROVIDERS,
  ProgrammaticOverview,
  SeriesGraph,
  TableResponse,
} from '../../api/contracts/performance';
import { useReport } from './perf-read';
import { ProviderTabs } from './provider-tabs';
import { ReportTable } from './report-table';
import { type Screen, ScreenFrame } from './screen-frame';
import { SeriesChart } from './series-chart';
import { StatStrip, StatTile } from './stat-tile';
import { TableExport } from './table-export';
import type { Filters } from './use-filters';

export function ProgrammaticScreen({ s, filters }: { s: Screen; filters: Filters }) {
  const [provider, setProvider] = useState<(typeof PROGRAMMATIC_PROVIDERS)[number]>('all');
  const [page, setPage] = useState(1);
  const overview = useReport(ProgrammaticOverview, '/performance/programmatic/overview', filters, {
    provider,
  });
  const clicks = useReport(SeriesGraph, '/performance/programmatic/overview_graph', filters, { provider });
  const cpm = useReport(SeriesGraph, '/performance/programmatic/cpm_graph', filters, { provider });
  const table = useReport(TableResponse, '/performance/programmatic/breakdown', filters, {
    provider,
    page,
    per_page: BREAKDOWN_PAGE_SIZE,
  });
  const d = overview.data;
  return (
    <ScreenFrame title="Paid Ads - Programmatic" s={s} read={overview}>
      <section className="perf-panel" aria-label="Programmatic Summary">
        <h2 className="perf-panel__title">Programmatic Summary</h2>
        <ProviderTabs
          label="Programmatic provider"
          providers={PROGRAMMATIC_PROVIDERS}
          value={provider}
          onChange={(p) => {
            setProvider(p);
            setPage(1);
          }}
        />
        <StatStrip busy={overview.loading}>
          <StatTile name="spend" stat={d?.spend} kind="money" cost />
          <StatTile name="impressions" stat={d?.impressions} />
          <StatTile name="clicks" stat={d?.clicks} />
          <StatTile name="cpc" stat={d?.cpc} kind="money" cost />
          <StatTile name="cpm" stat={d?.cpm} kind="money" cost />
        </StatStrip>
      </section>
      <div className="perf-grid perf-grid--2">
        <SeriesChart
          title="Clicks / Impressions"
          graph={clicks.data}
          names={{ clicks: 'Clicks', impressions: 'Impressions' }}
          dualAxis
          loading={clicks.loading}
        />
        <SeriesChart title="CPM" graph={cpm.data} names={{ cpm: 'CPM' }} kind="money" loading={cpm.loading} />
      </div>
      <ReportTable
        title="Programmatic Breakdown"
        data={table.data}
        loading={table.loading}
        page={page}
        perPage={BREAKDOWN_PAGE_SIZE}
        onPage={setPage}
        actions={
          <TableExport
            type="programmatic-breakdown"
            noun="locations"
            filters={filters}
            locationCount={s.locations.length}
            tab={{ name: 'provider', value: provider }}
          />
        }
      />
    </ScreenFrame>
  );
}
