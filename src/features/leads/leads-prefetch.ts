/**
 * What the leads list keeps for offline use (sync/prefetch.ts): each listed lead's drawer read,
 * keyed exactly as the drawer reads it (so a lead listed but never opened opens offline, and can be
 * reviewed there), and, for calls, the recording (kept within the device's recordings budget,
 * newest leads first; sync/prefetch-files.ts).
 */
import { LeadDetailResponse, type LeadRow } from '../../api/contracts/leads';
import { type PrefetchItem, prefetchFile, prefetchRead } from '../../sync/prefetch-items';
import { leadPath } from './leads-api';

export function leadsPrefetch(rows: readonly LeadRow[]): PrefetchItem[] {
  return rows.map((row) =>
    prefetchRead(LeadDetailResponse, leadPath(row.lead_id), {}, ({ lead }) =>
      lead.details.recording_url
        ? [prefetchFile(lead.details.recording_url, 'recording', Date.parse(lead.created_at) || 0)]
        : [],
    ),
  );
}
