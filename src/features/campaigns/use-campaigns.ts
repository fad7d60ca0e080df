/**
 * The campaigns list for the screen (stale-while-revalidate, readable offline with "as of"), and
 * what keeps it current:
 * - `tick` grows each time the live channel's switch_status arrives for a campaign (stored by
 *   sync/effects/campaigns.ts); the list refreshes and the pending overlay is cleared, and the
 *   drawer refreshes on the same tick, so 'Pending' goes away everywhere.
 * - A campaign write leaving the outbox refreshes the list too (its row shows the server's state).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { type CampaignsQueryInput, CampaignsResponse } from '../../api/contracts/campaigns';
import { db } from '../../db/db';
import { useSession } from '../../db/use-session';
import { clearCampaignPending } from '../../sync/effects/campaigns';
import { useCachedRead } from '../../sync/use-cached-read';
import { writesOfType } from '../../sync/use-pending-writes';
import { CAMPAIGNS_PATH, TAG_TYPES } from './campaigns-api';

/** `body` null: not yet known what to ask (the account's zone); the list shows as loading. */
export function useCampaigns(body: CampaignsQueryInput | null) {
  const { user_id: userId } = useSession();
  const cached = useCachedRead(CampaignsResponse, body ? CAMPAIGNS_PATH : null, {
    method: 'POST',
    body: body ?? undefined,
  });
  const read = body ? cached : { ...cached, loading: true };
  const tick = useLiveTick(userId);
  const { refresh } = read;

  useEffect(() => {
    if (tick > 0) refresh();
  }, [tick, refresh]);

  const waiting = useLiveQuery(async () => {
    if (userId === null) return 0;
    const lists = await Promise.all(TAG_TYPES.map((type) => writesOfType(userId, type)));
    return lists.flat().filter((item) => item.status !== 'failed').length;
  }, [userId]);
  const before = useRef<number | undefined>(undefined);
  useEffect(() => {
    const drained = before.current !== undefined && waiting !== undefined && waiting < before.current;
    if (waiting !== undefined) before.current = waiting;
    if (drained) refresh();
  }, [waiting, refresh]);

  return { ...read, userId, tick };
}

/** Counts switch_status arrivals for this user and clears each from the pending overlay. */
function useLiveTick(userId: number | null): number {
  const [tick, setTick] = useState(0);
  const rows = useLiveQuery(
    async () => (userId === null ? [] : db.campaignPending.where('user_id').equals(userId).toArray()),
    [userId],
  );
  useEffect(() => {
    if (!rows?.length || userId === null) return;
    setTick((t) => t + 1);
    for (const row of rows) void clearCampaignPending(userId, row.campaign_id);
  }, [rows, userId]);
  return tick;
}
