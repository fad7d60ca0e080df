/**
 * The leads list for the screen: the server's page (stale-while-revalidate through the read
 * cache), or, when the server cannot answer a request this device never made, the matching leads
 * among every list answer stored on the device (local-leads.ts), all in one virtualised list.
 *
 * Refreshes itself when the live channel announces a new lead (lead_created) and when a review
 * or column change of this table has left the outbox, so the rows and the header never lag.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef } from 'react';
import {
  type LeadRow,
  type LeadsQueryInput,
  LeadsResponse,
  type LeadsStatistic,
} from '../../api/contracts/leads';
import { db } from '../../db/db';
import { useSession } from '../../db/use-session';
import { useOffline } from '../../sync/connectivity';
import { NOT_CACHED_MESSAGE } from '../../sync/response-cache';
import { useCachedRead } from '../../sync/use-cached-read';
import { LEADS_PATH } from './leads-api';
import { newestLeadAnnouncement } from './leads-live';
import { indexLeads, searchLocal } from './local-leads';

export type LeadsView = {
  rows: LeadRow[];
  statistic: LeadsStatistic | null;
  paging: { current: number; total: number; from: number; to: number; records: number } | null;
  /** Results computed on the device from stored answers (offline, never-seen request). */
  local: boolean;
  skipped: string[];
  offline: boolean;
  asOf: number | null;
  loading: boolean;
  error: Error | null;
  refresh: () => void;
};

const CACHED_LIST_URL = `/api/v1${LEADS_PATH}`;
const EMPTY_QUERY: LeadsQueryInput = {};

/** `query` null: not yet known what to ask (the list shows as loading). */
export function useLeads(query: LeadsQueryInput | null, zone?: string | null): LeadsView {
  const { user_id: userId } = useSession();
  const cached = useCachedRead(LeadsResponse, query ? LEADS_PATH : null, {
    method: 'POST',
    body: query ?? undefined,
  });
  const read = query ? cached : { ...cached, loading: true };
  const body = query ?? EMPTY_QUERY;
  const offline = useOffline();
  // Offline, a request never made before cannot be answered: search the device at once rather
  // than after the failure, and keep the index warm while offline (building it is the slow part).
  const fallback =
    query !== null &&
    read.data === undefined &&
    (read.error?.message === NOT_CACHED_MESSAGE || (offline && read.loading));
  const indexing = fallback || offline;

  const stored = useLiveQuery(async () => {
    if (!indexing || userId === null) return [];
    const rows = await db.responses
      .where('user_id')
      .equals(userId)
      .filter((r) => r.method === 'POST' && r.url === CACHED_LIST_URL)
      .toArray();
    return rows.flatMap((r) => {
      const leads = storedLeads(r.data);
      return leads ? [{ stored_at: r.stored_at, leads }] : [];
    });
  }, [indexing, userId]);
  const index = useMemo(() => indexLeads(stored ?? [], zone), [stored, zone]);
  const local = useMemo(
    () =>
      fallback
        ? searchLocal(index, {
            query: body.query,
            filters: body.filters,
            start_date: body.start_date,
            end_date: body.end_date,
            order: body.order ?? 'desc',
            order_by: body.order_by ?? 'created_at',
          })
        : null,
    [fallback, index, body],
  );

  useRefreshTriggers(userId, read.refresh);

  if (local) {
    return {
      rows: local.rows,
      statistic: local.statistic,
      paging: null,
      local: true,
      skipped: local.skipped,
      offline: true,
      asOf: null,
      loading: stored === undefined || (stored.length === 0 && !read.error),
      error: null,
      refresh: read.refresh,
    };
  }
  const data = read.data;
  return {
    rows: data?.leads ?? [],
    statistic: data?.leads_statistic ?? null,
    paging: data
      ? {
          current: data.current_page,
          total: data.total_pages,
          from: data.showing_from,
          to: data.showing_to,
          records: data.total_records,
        }
      : null,
    local: false,
    skipped: [],
    offline: read.offline,
    asOf: read.asOf,
    loading: read.loading,
    error: read.error,
    refresh: read.refresh,
  };
}

/**
 * The rows of a stored list answer, or null. Storage is untrusted, but checking 10,000 rows with
 * the full contract on every keystroke offline is too slow: the fields the screen relies on are
 * checked here, and the cells' text is read defensively when shown.
 */
export function storedLeads(data: unknown): LeadRow[] | null {
  const leads = (data as { leads?: unknown } | null)?.leads;
  if (!Array.isArray(leads)) return null;
  return leads.filter(
    (row): row is LeadRow =>
      typeof row === 'object' &&
      row !== null &&
      typeof row.lead_id === 'number' &&
      (row.lead_type === 'Call' || row.lead_type === 'Form') &&
      typeof row.ref_id === 'string' &&
      typeof row.created_at === 'string' &&
      Array.isArray(row.data) &&
      row.data.every((c: unknown) => typeof (c as { name?: unknown })?.name === 'string'),
  );
}

/** Calls `refresh` when a new lead is announced or a leads write leaves the outbox. */
function useRefreshTriggers(userId: number | null, refresh: () => void) {
  const newestLead = useLiveQuery(
    async () => (userId === null ? 0 : newestLeadAnnouncement(userId)),
    [userId],
  );
  const pendingWrites = useLiveQuery(async () => {
    if (userId === null) return 0;
    const items = await db.outbox.where('user_id').equals(userId).toArray();
    return items.filter(
      (item) =>
        item.status !== 'failed' &&
        (item.tag?.type === 'lead-review' || (item.tag?.type === 'table-columns' && item.tag.id === 'leads')),
    ).length;
  }, [userId]);

  const seen = useRef<{ lead?: number; writes?: number }>({});
  useEffect(() => {
    const before = seen.current;
    const grew = before.lead !== undefined && newestLead !== undefined && newestLead > before.lead;
    const drained =
      before.writes !== undefined && pendingWrites !== undefined && pendingWrites < before.writes;
    if (newestLead !== undefined) before.lead = newestLead;
    if (pendingWrites !== undefined) before.writes = pendingWrites;
    if (grew || drained) refresh();
  }, [newestLead, pendingWrites, refresh]);
}
