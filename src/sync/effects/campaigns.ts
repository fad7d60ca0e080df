/**
 * Campaign live messages (spec part 1 §4): switch_status on a Campaign (the platforms confirmed a
 * status change, or a timed pause ended; a county's carries level 'location') stores its data in
 * `campaignPending`. The campaigns screen (features/campaigns/use-campaigns.ts) watches the table:
 * each arrival refreshes the list, the drawer and the counties, so 'Pending' clears, and is then
 * cleared (clearCampaignPending). Registered at app start (app/install-handlers.ts), so a message
 * that arrives while another screen is open is still seen when the campaigns screen opens.
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
