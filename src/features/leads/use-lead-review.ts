/**
 * A lead's review as the drawer shows it: whether a review may be requested now (the shared
 * window rule, so the answer is right offline), the review request waiting in the outbox for this
 * lead (queued, sending or refused, with what the user typed), and the success message, shown
 * about 1.5 s after submitting once the server has the review (spec part 3 §8). A request the
 * server refused as a conflict (another device reviewed the lead meanwhile) is `conflict`: the
 * drawer offers the outbox's own choices for it (sync/ui/outbox-conflict.tsx).
 */
import { useEffect, useState } from 'react';
import type { LeadDetail, ReviewBody } from '../../api/contracts/leads';
import { canReview } from '../../lib/review-window';
import { isOffline } from '../../sync/connectivity';
import { discardItem } from '../../sync/outbox';
import { conflictOf } from '../../sync/ui/outbox-conflict';
import { usePendingWrites } from '../../sync/use-pending-writes';
import { toastInfo, toastSuccess } from '../../ui/toast';
import { requestLeadReview, reviewBodyOf, reviewTag } from './leads-api';
import { REVIEW_MESSAGES, REVIEW_QUEUED } from './messages';

export const SUCCESS_DELAY_MS = 1500;

type Submitted = { note: string; at: number };

export function useLeadReview(userId: number | null, lead: LeadDetail | undefined) {
  const leadId = lead?.id ?? null;
  const item = usePendingWrites(leadId === null ? null : reviewTag(leadId)).latest;
  const [submitted, setSubmitted] = useState<Submitted | null>(null);

  const serverReview = lead?.notes.review ?? null;
  useEffect(() => {
    if (!submitted || item || serverReview?.text !== submitted.note) return;
    const wait = Math.max(0, submitted.at + SUCCESS_DELAY_MS - Date.now());
    const timer = setTimeout(() => {
      toastSuccess('Success', REVIEW_MESSAGES.success);
      setSubmitted(null);
    }, wait);
    return () => clearTimeout(timer);
  }, [submitted, item, serverReview]);

  const typed = reviewBodyOf(item);
  const open = lead
    ? canReview({
        ref_id: lead.ref_id,
        created_at: lead.created_at,
        review_status: serverReview?.status ?? null,
      })
    : false;
  // A refused request is not a review: only the server's, or one still on its way, counts.
  const exists = serverReview !== null || (typed !== null && item?.status !== 'failed');

  async function submit(body: ReviewBody) {
    if (userId === null || !lead) return;
    await requestLeadReview(userId, { id: lead.id, name: lead.name }, body);
    setSubmitted({ note: body.note, at: Date.now() });
    if (isOffline()) toastInfo('Saved on this device', REVIEW_QUEUED);
  }

  return {
    canReview: open,
    exists,
    label: exists ? 'Edit Review' : 'Request Review',
    /** What the form starts with: the text still in the outbox, else the review on the server. */
    initial:
      typed ?? (serverReview ? { review_type: serverReview.review_type, note: serverReview.text } : null),
    pending: item !== undefined && item.status !== 'failed',
    failed: item?.status === 'failed' ? { error: item.error ?? '', body: typed } : null,
    /** The refused request, when the server refused it as a conflict (both values known). */
    conflict: conflictOf(item),
    discard: () => (item?.id !== undefined ? discardItem(item.id) : Promise.resolve(undefined)),
    submit,
  };
}
