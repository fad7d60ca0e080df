/**
 * Campaign live messages (spec part 1 §4): switch_status on a Campaign stores its pending data in
 * `campaignPending`, which the campaigns list overlays on the row until its next refresh clears it
 * (clearCampaignPending). Registered at app start (main.tsx) until the campaigns feature exists and
 * takes this module over.
 */
import { db } from '../../db/db';
import { registerLiveEffect } from '../live-effects';
import { integer, objectOf, text } from '../live-payload';

export function registerCampaignLiveEffects(): () => void {
  return registerLiveEffect('switch_status', {
    tables: [db.campaignPending],
    apply: async (userId, payload, now) => {
      const id = integer(payload.id);
      if (objectOf(payload) !== 'campaign' || id === null) return;
      await db.campaignPending.put({
        user_id: userId,
        campaign_id: id,
        status: text(payload.status),
        placeholder: text(payload.placeholder),
        level: text(payload.level),
        updated_at: now,
      });
    },
  });
}

/** The campaigns screen saw the server's new state: the pending overlay can go. */
export async function clearCampaignPending(userId: number, campaignId: number): Promise<void> {
  await db.campaignPending.delete([userId, campaignId]);
}
