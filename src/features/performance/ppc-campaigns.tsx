/**
 * PPC Campaigns Summary (spec part 3 §2.4, §7 /performance/ppc/*): provider tabs (all, google,
 * bing, linkedin), the summary statistics, four graphs for the tab (clicks/impressions on two
 * axes, click-through rate, leads, CPL/CPC) and the PPC Locations Overview table with Export.
 */
import { useMemo, useState } from 'react';
import {
  BREAKDOWN_PAGE_SIZE,
  PPC_PROVIDERS,
  PpcClicksImpressions,
  PpcClickThroughRate,
  PpcCplCpc,
  PpcLeads,
  PpcSummary,
  type Series,
  type SeriesGraph,
  TableResponse,
} from '../../api/contracts/performance';
import { isCost } from './format';
import { useReport } from './perf-read';
import { ProviderTabs } from './provider-tabs';
import { ReportTable } from './report-table';
import { SeriesChart } from './series-chart';
import { StatStrip, StatTile } from './stat-tile';
import { TableExport } from './table-export';
import type { Filters } from './use-filters';

const PPC = [
  'total_leads',
  'total_calls',
  'total_forms',
  'total_clicks',
  'total_impressions',
  'total_ctr',
  'total_cpc',
  'total_cpl',
] as const;

/** A PPC graph answer as the series chart's graph (its series picked by name). */
function graphOf(
  data: ({ interval: 'day' | 'month' } & Partial<Record<string, unknown>>) | undefined,
  keys: string[],
): SeriesGraph | undefined {
  if (!data) return undefined;
  return {
    interval: data.interval,
    series: Object.fromEntries(keys.map((k) => [k, (data[k] as Series | undefined) ?? []])),
    totals: {},
  };
}

export function PpcCampaigns({ filters, locationCount }: { filters: Filters; locationCount: number }) {
  const [provider, setProvider] = useState<(typeof PPC_PROVIDERS)[number]>('all');
  const [page, setPage] = useState(1);
  const tab = useMemo(() => ({ provider }), [provider]);
  const paging = useMemo(() => ({ page, per_page: BREAKDOWN_PAGE_SIZE }), [page]);
  const ppc = useReport(PpcSummary, '/performance/ppc/summary', filters, tab);
  const volume = useReport(PpcClicksImpressions, '/performance/ppc/clicks_impressions', filters, tab);
  const ctr = useReport(PpcClickThroughRate, '/performance/ppc/click_through_rate', filters, tab);
  const leads = useReport(PpcLeads, '/performance/ppc/leads', filters, tab);
  const money = useReport(PpcCplCpc, '/performance/ppc/cpl_cpc', filters, tab);
  const locations = useReport(TableResponse, '/performance/locations/overview', filters, paging);
  const volumeGraph = useMemo(() => graphOf(volume.data, ['clicks', 'impressions']), [volume.data]);
  const ctrGraph = useMemo(() => graphOf(ctr.data, ['ctr']), [ctr.data]);
  const leadsGraph = useMemo(() => graphOf(leads.data, ['leads']), [leads.data]);
  const moneyGraph = useMemo(() => graphOf(money.data, ['cpl', 'cpc']), [money.data]);
  return (
    <section className="perf-panel" aria-label="PPC Campaigns Summary">
      <h2 className="perf-panel__title">PPC Campaigns Summary</h2>
      <ProviderTabs label="PPC provider" providers={PPC_PROVIDERS} value={provider} onChange={setProvider} />
      <StatStrip busy={ppc.loading}>
        {PPC.map((k) => (
          <StatTile
            key={k}
            name={`ppc_${k}`}
            stat={ppc.data?.[k]}
            kind={k === 'total_ctr' ? 'percent' : isCost(k) ? 'money' : 'count'}
            cost={isCost(k)}
          />
        ))}
      </StatStrip>
      <div className="perf-grid perf-grid--2">
        <SeriesChart
          title="Clicks / Impressions"
          graph={volumeGraph}
          names={{ clicks: 'Clicks', impressions: 'Impressions' }}
          dualAxis
          loading={volume.loading}
        />
        <SeriesChart
          title="Click Through Rate"
          graph={ctrGraph}
          names={{ ctr: 'CTR' }}
          kind="percent"
          loading={ctr.loading}
        />
        <SeriesChart
          title="Leads"
          graph={leadsGraph}
          names={{ leads: 'Leads' }}
          type="bar"
          loading={leads.loading}
        />
        <SeriesChart
          title="CPL / CPC"
          graph={moneyGraph}
          names={{ cpl: 'CPL', cpc: 'CPC' }}
          kind="money"
          loading={money.loading}
        />
      </div>
      <ReportTable
        title="PPC Locations Overview"
        data={locations.data}
        loading={locations.loading}
        page={page}
        perPage={BREAKDOWN_PAGE_SIZE}
        onPage={setPage}
        actions={
          <TableExport
            type="ppc-locations"
            noun="locations"
            filters={filters}
            locationCount={locationCount}
          />
        }
      />
    </section>
  );
}
