/**
 * The leads screen's one file with effects: request paths and the user's review action.
 *
 * - A review request always goes through the outbox (online too): it is stored first, sent with
 *   its Idempotency-Key, replayed exactly once after a reconnect, and, when the server refuses it
 *   (the review window closed meanwhile), kept as a failed item with the server's message and the
 *   user's text.
 * - Sending again a refused review edits that same outbox item (new key, same place in the
 *   panel), so one lead never has two competing review requests queued.
 * - A request carries the review's version this device read (the stored answer of the lead), so
 *   a lead another device reviewed meanwhile is shown as a conflict, never overwritten silently.
 */
import { pathOf } from '../../api/contracts/declarations';
import { endpointPath } from '../../api/contracts/endpoints';
import type { ReviewBody } from '../../api/contracts/leads';
import { leadsApi } from '../../api/contracts/routes/leads';
import type { OutboxItem } from '../../db/app-db';
import { notSending, queueEdit } from '../../sync/outbox-edits';

export const LEADS_PATH = endpointPath('POST /leads');
export const leadPath = (id: number) => pathOf(leadsApi.getLeadsId, { id });
export const reviewPath = (id: number) => pathOf(leadsApi.postLeadsIdReview, { id });

/** What a review request is about: its lead (the outbox tag; see use-pending-writes.ts). */
export const REVIEW_TAG_TYPE = 'lead-review';
export const reviewTag = (leadId: number) => ({ type: REVIEW_TAG_TYPE, id: leadId });

/** The lead id of a review request in the outbox, or null for any other item. */
export function reviewedLeadId(item: Pick<OutboxItem, 'tag'>): number | null {
  return item.tag?.type === REVIEW_TAG_TYPE ? Number(item.tag.id) : null;
}

/** What the user typed into a queued or refused review (kept so it is never lost). */
export function reviewBodyOf(item: OutboxItem | undefined): ReviewBody | null {
  if (item?.body.kind !== 'json') return null;
  const body = item.body.json as Partial<ReviewBody> | null;
  const note = body?.note;
  const type = body?.review_type;
  return typeof note === 'string' && typeof type === 'string' ? { review_type: type, note } : null;
}

/**
 * Queues the review (or re-queues a waiting or refused one with the new text), journaled in the
 * tap's task (sync/outbox-edits.ts). Answers the outbox item id.
 */
export function requestLeadReview(
  userId: number,
  lead: { id: number; name: string },
  body: ReviewBody,
): Promise<number> {
  return queueEdit(
    {
      userId,
      method: 'POST',
      path: reviewPath(lead.id),
      body,
      label: `Review request for lead ${lead.name}`,
      refresh: [leadPath(lead.id)],
      tag: reviewTag(lead.id),
    },
    { read: { path: leadPath(lead.id), field: ['lead', 'review_version'] }, joins: notSending },
  );
}
