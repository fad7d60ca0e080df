/**
 * /dashboard/performance/summary (spec part 3 §2.5 Summary): the four executive cards, three
 * stacked-bar charts by source (Total Leads, Total Cost, Cost Per Lead) and the Platforms
 * Breakdown with its platform filter (Franchise, Live, Direct, Directories; one active at a time).
 */
import { useState } from 'react';
import {
  EXECUTIVE_PAGE_SIZE,
  EXECUTIVE_PLATFORMS,
  type ExecutivePlatform,
  ExecutiveSummary,
  SeriesGraph,
  TableResponse,
} from '../../api/contracts/performance';
import { PRODUCT_NAME } from '../../lib/config';
import { useReport } from './perf-read';
import { ReportTable } from './report-table';
import { type Screen, ScreenFrame } from './screen-frame';
import { SeriesChart } from './series-chart';
import { SummaryCards } from './summary-cards';
import { TableExport } from './table-export';
import type { Filters } from './use-filters';

const SOURCES: Record<string, string> = {
  franchise: 'Franchise',
  live: 'Live',
  direct: 'Direct',
  directories: 'Directories',
};

export const summaryTitle = () => `${PRODUCT_NAME} Summary`;

export function SummaryScreen({ s, filters }: { s: Screen; filters: Filters }) {
  const cards = useReport(ExecutiveSummary, '/performance/executive/summary', filters);
  const leads = useReport(SeriesGraph, '/performance/executive/leads_graph', filters);
  const cost = useReport(SeriesGraph, '/performance/executive/cost_graph', filters);
  const cpl = useReport(SeriesGraph, '/performance/executive/cpl_graph', filters);
  const [platform, setPlatform] = useState<ExecutivePlatform>('franchise');
  const [page, setPage] = useState(1);
  const table = useReport(TableResponse, '/performance/executive/breakdown', filters, {
    platform,
    page,
    per_page: EXECUTIVE_PAGE_SIZE,
  });
  return (
    <ScreenFrame title={summaryTitle()} s={s} read={cards}>
      {cards.data ? <SummaryCards data={cards.data} intent={summaryTitle()} /> : null}
      <div className="perf-grid perf-grid--3">
        <SeriesChart
          title="Total Leads"
          graph={leads.data}
          names={SOURCES}
          type="bar"
          stacked
          loading={leads.loading}
        />
        <SeriesChart
          title="Total Cost"
          graph={cost.data}
          names={SOURCES}
          type="bar"
          stacked
          kind="money0"
          loading={cost.loading}
        />
        <SeriesChart
          title="Cost Per Lead"
          graph={cpl.data}
          names={SOURCES}
          type="bar"
          stacked
          kind="money"
          loading={cpl.loading}
        />
      </div>
      <ReportTable
        title="Platforms Breakdown"
        data={table.data}
        loading={table.loading}
        page={page}
        perPage={EXECUTIVE_PAGE_SIZE}
        onPage={setPage}
        actions={
          <div className="perf-panel__actions">
            <fieldset className="perf-tabs">
              <legend className="visually-hidden">Platform</legend>
              {EXECUTIVE_PLATFORMS.map((p) => (
                <button
                  key={p}
                  type="button"
                  className="button button--ghost"
                  aria-pressed={platform === p}
                  onClick={() => {
                    setPlatform(p);
                    setPage(1);
                  }}
                >
                  {SOURCES[p]}
                </button>
              ))}
            </fieldset>
            <TableExport
              type="executive-breakdown"
              noun="locations"
              filters={filters}
              locationCount={s.locations.length}
              tab={{ name: 'platform', value: platform }}
            />
          </div>
        }
      />
    </ScreenFrame>
  );
}
