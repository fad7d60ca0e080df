/**
 * The leads screen's one file with effects: request paths and the user's review action.
 *
 * - A review request always goes through the outbox (online too): it is stored first, sent with
 *   its Idempotency-Key, replayed exactly once after a reconnect, and, when the server refuses it
 *   (the review window closed meanwhile), kept as a failed item with the server's message and the
 *   user's text.
 * - Sending again a refused review edits that same outbox item (new key, same place in the
 *   panel), so one lead never has two competing review requests queued.
 */
import type { ReviewBody } from '../../api/contracts/leads';
import type { OutboxItem } from '../../db/app-db';
import { editItem, enqueue, listOutbox } from '../../sync/outbox';

export const LEADS_PATH = '/leads';
export const leadPath = (id: number) => `/leads/${id}`;
export const reviewPath = (id: number) => `/leads/${id}/review`;
export const SETTINGS_PATH = '/user/settings';

/** The lead id of a review request in the outbox, or null for any other item. */
export function reviewedLeadId(item: Pick<OutboxItem, 'url' | 'method'>): number | null {
  const match = /^\/leads\/(\d+)\/review$/.exec(item.url);
  return item.method === 'POST' && match ? Number(match[1]) : null;
}

/** What the user typed into a queued or refused review (kept so it is never lost). */
export function reviewBodyOf(item: OutboxItem | undefined): ReviewBody | null {
  if (item?.body.kind !== 'json') return null;
  const body = item.body.json as Partial<ReviewBody> | null;
  const note = body?.note;
  const type = body?.review_type;
  return typeof note === 'string' && typeof type === 'string' ? { review_type: type, note } : null;
}

/** Queues the review (or re-queues a refused one with the new text). Answers the outbox item id. */
export async function requestLeadReview(
  userId: number,
  lead: { id: number; name: string },
  body: ReviewBody,
): Promise<number> {
  const existing = (await listOutbox(userId)).find(
    (item) => reviewedLeadId(item) === lead.id && item.status !== 'sending',
  );
  if (existing?.id !== undefined) {
    await editItem(existing.id, body);
    return existing.id;
  }
  return enqueue({
    userId,
    method: 'POST',
    path: reviewPath(lead.id),
    body,
    label: `Review request for lead ${lead.name}`,
    refresh: [leadPath(lead.id)],
  });
}
