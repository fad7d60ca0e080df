/**
 * What the campaigns list keeps for offline use (sync/prefetch.ts): each listed campaign's drawer,
 * with the tabs its detail says it shows (the first page of Locations, the Schedule), each keyed
 * exactly as the drawer reads it, so a campaign listed but never opened opens offline.
 */
import {
  CampaignDetailResponse,
  type CampaignRow,
  LocationsResponse,
  ScheduleResponse,
} from '../../api/contracts/campaigns';
import { type PrefetchItem, prefetchRead } from '../../sync/prefetch-items';
import { schedulePath } from './campaigns-api';
import { campaignPath, locationsPath } from './campaigns-live';

export function campaignsPrefetch(rows: readonly Pick<CampaignRow, 'id'>[]): PrefetchItem[] {
  return rows.map((row) =>
    prefetchRead(CampaignDetailResponse, campaignPath(row.id), {}, ({ campaign }) => [
      ...(campaign.show_locations_tab ? [prefetchRead(LocationsResponse, locationsPath(row.id))] : []),
      ...(campaign.show_schedule ? [prefetchRead(ScheduleResponse, schedulePath(row.id))] : []),
    ]),
  );
}
