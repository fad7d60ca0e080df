/**
 * /dashboard/performance/social (spec part 3 §2.5 Social, §2.4): the Social Ad Summary
 * (impressions, reach, frequency, spend, link clicks, cost per lead labelled CPC Link Clicks) with
 * its weekday reach/impressions graph, then the Social Location Breakdown and the Social Ads
 * Breakdown (ad thumbnail and text), 20 a page, each with its platform Filter dropdown and Export.
 */
import { useState } from 'react';
import {
  BREAKDOWN_PAGE_SIZE,
  SOCIAL_PROVIDERS,
  SocialSummary,
  TableResponse,
  WeekdayGraph,
} from '../../api/contracts/performance';
import { useReport } from './perf-read';
import { ReachStat } from './reach-stat';
import { ReportTable } from './report-table';
import { type Screen, ScreenFrame } from './screen-frame';
import { StatStrip, StatTile } from './stat-tile';
import { TableExport } from './table-export';
import { TableFilter } from './table-filter';
import type { Filters } from './use-filters';
import { WeekdayChart } from './weekday-chart';

type Platform = (typeof SOCIAL_PROVIDERS)[number];

export function SocialScreen({ s, filters }: { s: Screen; filters: Filters }) {
  const summary = useReport(SocialSummary, '/performance/social/summary', filters);
  const graph = useReport(WeekdayGraph, '/performance/social/summary_graph', filters);
  const [locPage, setLocPage] = useState(1);
  const [adPage, setAdPage] = useState(1);
  const [locPlatform, setLocPlatform] = useState<Platform>('all');
  const [adPlatform, setAdPlatform] = useState<Platform>('all');
  const locations = useReport(TableResponse, '/performance/social/location', filters, {
    page: locPage,
    per_page: BREAKDOWN_PAGE_SIZE,
    provider: locPlatform,
  });
  const ads = useReport(TableResponse, '/performance/social/breakdown', filters, {
    page: adPage,
    per_page: BREAKDOWN_PAGE_SIZE,
    provider: adPlatform,
  });
  const d = summary.data;
  return (
    <ScreenFrame title="Social Ads" s={s} read={summary}>
      {d ? (
        <section className="perf-panel" aria-label="Social Ad Summary">
          <h2 className="perf-panel__title">Social Ad Summary</h2>
          <StatStrip busy={summary.loading}>
            <StatTile name="impressions" stat={d.impressions} />
            <ReachStat reach={d.reach} filters={filters} />
            <StatTile name="frequency" stat={d.frequency} />
            <StatTile name="spend" stat={d.spend} kind="money" cost />
            <StatTile name="link_clicks" stat={d.link_clicks} />
            <StatTile name="cost_lead" stat={d.cost_lead} kind="money" cost title="CPC Link Clicks" />
          </StatStrip>
        </section>
      ) : null}
      <WeekdayChart
        title="Reach and Impressions by Weekday"
        graph={graph.data}
        names={{ reach: 'Reach', impressions: 'Impressions' }}
        type="line"
        loading={graph.loading}
      />
      <ReportTable
        title="Social Location Breakdown"
        data={locations.data}
        loading={locations.loading}
        page={locPage}
        perPage={BREAKDOWN_PAGE_SIZE}
        onPage={setLocPage}
        actions={
          <div className="perf-panel__actions">
            <TableFilter
              table="Social Location Breakdown"
              options={SOCIAL_PROVIDERS}
              value={locPlatform}
              onChange={(p) => {
                setLocPlatform(p);
                setLocPage(1);
              }}
            />
            <TableExport
              type="social-locations"
              noun="locations"
              filters={filters}
              locationCount={s.locations.length}
              tab={{ name: 'provider', value: locPlatform }}
            />
          </div>
        }
      />
      <ReportTable
        title="Social Ads Breakdown"
        data={ads.data}
        loading={ads.loading}
        page={adPage}
        perPage={BREAKDOWN_PAGE_SIZE}
        onPage={setAdPage}
        actions={
          <div className="perf-panel__actions">
            <TableFilter
              table="Social Ads Breakdown"
              options={SOCIAL_PROVIDERS}
              value={adPlatform}
              onChange={(p) => {
                setAdPlatform(p);
                setAdPage(1);
              }}
            />
            <TableExport
              type="social-ads"
              noun="ads"
              filters={filters}
              locationCount={s.locations.length}
              tab={{ name: 'provider', value: adPlatform }}
            />
          </div>
        }
      />
    </ScreenFrame>
  );
}
