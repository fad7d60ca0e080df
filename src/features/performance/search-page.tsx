/**
 * /dashboard/performance/search (spec part 3 §2.5 Search, §2.4): the Paid Search (PPC+LSA)
 * Executive Summary with its weekday graph, the device breakdown, then the PPC Campaigns Summary
 * (ppc-campaigns.tsx), the Account Performance Lookback and the Search Location Breakdown.
 */
import { useState } from 'react';
import {
  BREAKDOWN_PAGE_SIZE,
  PaidSearchSummary,
  TableResponse,
  WeekdayGraph,
} from '../../api/contracts/performance';
import { DeviceBreakdown, useDevices } from './device-breakdown';
import { isCost } from './format';
import { Lookback } from './lookback';
import { useReport } from './perf-read';
import { PpcCampaigns } from './ppc-campaigns';
import { ReportTable } from './report-table';
import { type Screen, ScreenFrame } from './screen-frame';
import { StatStrip, StatTile } from './stat-tile';
import { TableExport } from './table-export';
import type { Filters } from './use-filters';
import { WeekdayChart } from './weekday-chart';

const PAID = [
  'total_leads',
  'ppc_leads',
  'lsa_leads',
  'total_cost',
  'ppc_cost',
  'lsa_cost',
  'total_cost_per_lead',
  'ppc_per_lead',
  'lsa_per_lead',
] as const;

export function SearchScreen({ s, filters }: { s: Screen; filters: Filters }) {
  const summary = useReport(PaidSearchSummary, '/performance/account/ppc_lsa_summary', filters);
  const graph = useReport(WeekdayGraph, '/performance/account/ppc_lsa_summary_graph', filters);
  const devices = useDevices(filters);
  const [page, setPage] = useState(1);
  const locations = useReport(TableResponse, '/performance/locations/breakdown', filters, {
    page,
    per_page: BREAKDOWN_PAGE_SIZE,
  });
  return (
    <ScreenFrame title="Paid Search" s={s} read={summary}>
      <section className="perf-panel" aria-label="Paid Search (PPC+LSA) Executive Summary">
        <h2 className="perf-panel__title">Paid Search (PPC+LSA) Executive Summary</h2>
        <StatStrip busy={summary.loading}>
          {PAID.map((k) => (
            <StatTile
              key={k}
              name={k}
              stat={summary.data?.[k]}
              kind={isCost(k) ? 'money' : 'count'}
              cost={isCost(k)}
            />
          ))}
        </StatStrip>
      </section>
      <WeekdayChart
        title="Leads by Weekday"
        graph={graph.data}
        names={{ ppc: 'PPC', lsa: 'LSA' }}
        loading={graph.loading}
      />
      <DeviceBreakdown devices={devices} filters={filters} locationCount={s.locations.length} linkToScreen />
      <PpcCampaigns filters={filters} locationCount={s.locations.length} />
      <Lookback filters={filters} />
      <ReportTable
        title="Search Location Breakdown"
        data={locations.data}
        loading={locations.loading}
        page={page}
        perPage={BREAKDOWN_PAGE_SIZE}
        onPage={setPage}
        actions={
          <TableExport
            type="search-locations"
            noun="locations"
            filters={filters}
            locationCount={s.locations.length}
          />
        }
      />
    </ScreenFrame>
  );
}
