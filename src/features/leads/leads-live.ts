/**
 * The leads feature's live message: `lead_created` (server/domain/leads/leads.ts publishes one to every
 * member of the organization). It needs no table of its own: the stored message log is the signal,
 * and the list refetches when a newer one is stored (use-leads.ts), so the rows never lag.
 */
import { db } from '../../db/db';

const LEAD_CREATED = 'lead_created';

/** The id of the newest lead_created message stored for the user (0: none). */
export async function newestLeadAnnouncement(userId: number): Promise<number> {
  const last = await db.liveMessages
    .where('user_id')
    .equals(userId)
    .filter((message) => message.message_type === LEAD_CREATED)
    .last();
  return last?.id ?? 0;
}
