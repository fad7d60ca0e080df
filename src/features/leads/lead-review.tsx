/**
 * The review block of the drawer: the review's state, 'Request Review' / 'Edit Review' (disabled
 * outside the review window or once decided), "Pending sync" while the request waits in the
 * outbox, and, when the server refused it, its message with the user's own text kept; refused as
 * a conflict, both reviews side by side with Keep mine / Take the server's, as in the outbox.
 * The review itself (its type and note) shows here under its status: the one on its way when a
 * request waits in the outbox, else the server's. While the window is open it says how long is
 * left ("Review window closes in 2 days", counted on the device); once closed, when it closed.
 */
import { Suspense, useEffect, useState } from 'react';
import type { LeadDetail } from '../../api/contracts/leads';
import { formatWindowEnd, reviewWindowEnd } from '../../lib/review-window';
import { displayZone } from '../../sync/format';
import { OutboxConflict } from '../../sync/ui/outbox-conflict';
import { PendingSyncMarker } from '../../sync/ui/pending-sync-marker';
import { ErrorBoundary } from '../../ui/error-boundary';
import { lazyComponent, preloadWhenIdle } from '../../ui/lazy-component';
import { formatTime } from './format';
import { REVIEW_REFUSED } from './messages';
import { reviewCountdown } from './review-countdown';
import type { ReviewType } from './review-form';
import { useLeadReview } from './use-lead-review';
import { useNow } from './use-now';

/** Not part of the leads screen's first load (it brings the form kit): loaded once it is idle. */
const ReviewForm = lazyComponent(() =>
  import('./review-form').then((module) => ({ default: module.ReviewForm })),
);

const STATUS: Record<string, string> = { pending: 'Pending', approved: 'Approved', denied: 'Denied' };

export function LeadReview({
  userId,
  lead,
  types,
  zone,
}: {
  userId: number | null;
  lead: LeadDetail;
  types: ReviewType[];
  zone?: string | null;
}) {
  const review = useLeadReview(userId, lead);
  const [editing, setEditing] = useState(false);
  useEffect(() => preloadWhenIdle(ReviewForm), []);
  const status = lead.notes.review?.status;
  const typeName = (key: string) => types.find((t) => t.key === key)?.name ?? key;
  const closed = !review.canReview && status !== 'approved' && status !== 'denied';
  const now = useNow();
  const countdown = closed
    ? null
    : reviewCountdown(
        { ref_id: lead.ref_id, created_at: lead.created_at, review_status: status ?? null },
        now,
      );
  const server = lead.notes.review;
  const shown =
    review.pending && review.initial
      ? { type: typeName(review.initial.review_type), note: review.initial.note, date: null }
      : server
        ? {
            type: server.review_type_label || typeName(server.review_type),
            note: server.text,
            date: server.date,
          }
        : null;

  return (
    <section className="lead-section lead-review" aria-labelledby="lead-review-title">
      <div className="lead-review__head">
        <h3 id="lead-review-title" className="lead-section__title">
          Review
        </h3>
        {status ? <span className={`review-status review-status--${status}`}>{STATUS[status]}</span> : null}
        <PendingSyncMarker pending={review.pending} />
        <button
          type="button"
          className="button button--primary lead-review__button"
          disabled={!review.canReview}
          onClick={() => setEditing(true)}
        >
          {review.label}
        </button>
      </div>
      {shown ? (
        <div className="lead-note lead-review__text">
          <p className="lead-note__meta">
            {shown.type}
            {shown.date ? ` · ${formatTime(shown.date, zone)}` : ''}
          </p>
          <p>{shown.note}</p>
        </div>
      ) : null}
      {countdown ? <p className="lead-review__hint lead-review__countdown">{countdown}</p> : null}
      {closed ? (
        <p className="lead-review__hint">
          The review window closed on{' '}
          {formatWindowEnd(reviewWindowEnd(lead.ref_id, new Date(lead.created_at)), displayZone(zone))}.
        </p>
      ) : null}
      {review.conflict ? (
        <div className="review-conflict">
          <OutboxConflict item={review.conflict} />
        </div>
      ) : review.failed ? (
        <div className="review-failed" role="alert">
          <p>
            <strong>{REVIEW_REFUSED}</strong> {review.failed.error}
          </p>
          {review.failed.body ? (
            <blockquote className="review-failed__text">
              <p className="review-failed__type">{typeName(review.failed.body.review_type)}</p>
              <p>{review.failed.body.note}</p>
            </blockquote>
          ) : null}
          <button type="button" className="button button--ghost" onClick={() => void review.discard()}>
            Discard request
          </button>
        </div>
      ) : null}
      {editing ? (
        <ErrorBoundary what="the review form">
          <Suspense fallback={null}>
            <ReviewForm
              title={review.exists ? 'Edit Review' : 'Request Review'}
              types={types}
              initial={review.initial}
              onClose={() => setEditing(false)}
              onSubmit={async (body) => {
                // Closed only once the request is durable on the device: a page left the moment
                // the dialog goes (another tab slowing IndexedDB down) must not lose it.
                await review.submit(body);
                setEditing(false);
              }}
            />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </section>
  );
}
