/**
 * One lead's drawer (GET /leads/{id}) and its review request (POST /leads/{id}/review).
 *
 * - Every read and write goes through `ownLead`, which joins accounts on the caller's
 *   organization: another customer's lead id is simply not found (404), never a 403 that would
 *   confirm it exists.
 * - The review window (src/lib/review-window.ts, shared with the client) is enforced here at the
 *   time of the request: a review sent offline and replayed after the window closed is refused
 *   with 422 and a message naming when it closed. A decided review cannot be edited either.
 * - One review per lead: the second request edits the first (same row, new type and note).
 * - The review has a version (lead_reviews.version; none yet is 0), raised by each edit: a request
 *   made from another version (another device reviewed the lead meanwhile) is a 409 with the review
 *   now (lib/versions.ts). The lead's row is locked first, so two first reviews cannot both pass.
 * - A review past its window is a 422 that names when it closed, in the organization's zone.
 */

import { and, eq, sql } from 'drizzle-orm';
import { type LeadDetail, REVIEW_MESSAGES, type ReviewRequestBody } from '../../../src/api/contracts/leads';
import { canReview, reviewWindowEnd, windowClosedMessage } from '../../../src/lib/review-window';
import type { Db } from '../../db/client';
import { reviewTypes } from '../../db/schema/catalog';
import { leadDetails, leadReviews, leads } from '../../db/schema/leads';
import { accounts } from '../../db/schema/shell';
import { now as clockNow } from '../../lib/clock';
import { notFound, unprocessable } from '../../lib/errors';
import { checkVersion } from '../../lib/versions';
import { orgTimeZone } from '../account/org-today';
import { dollars } from './leads-list';

export async function ownLead(db: Db, organizationId: number, leadId: number) {
  const [row] = await db
    .select({ lead: leads, account: accounts, detail: leadDetails, review: leadReviews })
    .from(leads)
    .innerJoin(accounts, eq(accounts.id, leads.account_id))
    .leftJoin(leadDetails, eq(leadDetails.lead_id, leads.id))
    .leftJoin(leadReviews, eq(leadReviews.lead_id, leads.id))
    .where(and(eq(leads.id, leadId), eq(accounts.organization_id, organizationId)));
  if (!row) throw notFound('Lead not found');
  return row;
}

type OwnLead = Awaited<ReturnType<typeof ownLead>>;

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export async function toLeadDetail(db: Db, { lead, account, detail, review }: OwnLead, now = clockNow()) {
  const typeLabel = review
    ? ((await db.select().from(reviewTypes).where(eq(reviewTypes.key, review.review_type)))[0]?.label ??
      review.review_type)
    : '';
  const isCall = lead.lead_type === 'Call';
  const facts: [string, string, string | null][] = [
    ['ref_id', 'Lead ID', lead.ref_id],
    ['lead_type', 'Lead Type', lead.lead_type],
    ['service', 'Service', lead.service],
    ['source', 'Source', lead.source],
    ['channel', 'Channel', lead.channel],
    ['location', 'Location', account.name],
    ['phone_number', 'Phone Number', lead.phone_number],
    ['email', 'Email', lead.email],
    ['address', 'Address', [lead.address, lead.city, lead.state, lead.zipcode].filter(Boolean).join(', ')],
    ['cost', 'Cost', `$${dollars(lead.cost_cents)}`],
    ['billable', 'Billable', lead.billable ? 'Yes' : 'No'],
    ['device', 'Device', lead.device],
    ['caller_id', 'Caller ID', detail?.caller_id ?? null],
    ['tracking_number', 'Tracking Number', detail?.tracking_number ?? null],
    [
      'call_duration',
      'Call Duration',
      isCall && detail?.call_duration != null ? minutes(detail.call_duration) : null,
    ],
    ['keyword', 'Keyword', detail?.keyword ?? null],
    ['landing_page', 'Landing Page', detail?.landing_page ?? null],
  ];
  const result: LeadDetail = {
    id: lead.id,
    ref_id: lead.ref_id,
    name: lead.name,
    type: lead.lead_type === 'Form' ? 'Form' : 'Call',
    created_at: lead.created_at.toISOString(),
    phone_number: lead.phone_number,
    email: lead.email,
    address: lead.address,
    can_review: canReview(
      { ref_id: lead.ref_id, created_at: lead.created_at, review_status: review?.status ?? null },
      now,
    ),
    review_window_ends_at: reviewWindowEnd(lead.ref_id, lead.created_at).toISOString(),
    review_version: review?.version ?? 0,
    summary: detail?.summary ?? null,
    details: {
      lead_details: facts
        .filter(([, , value]) => value !== null && value !== '')
        .map(([name, label, description]) => ({ name, label, description })),
      recording_url: detail?.recording_url ?? null,
      call_duration: detail?.call_duration ?? null,
      dispute_status: review?.status ?? detail?.dispute_status ?? 'none',
      conversations: detail?.conversations ?? [],
      transcriptions: detail?.transcriptions ?? [],
    },
    questions: detail?.questions ?? [],
    demographic:
      detail?.demographic && (detail.demographic.owner.length || detail.demographic.property.length)
        ? detail.demographic
        : null,
    notes: {
      review: review
        ? {
            review_type: review.review_type,
            review_type_label: typeLabel,
            text: review.note,
            date: review.updated_at.toISOString(),
            status: review.status === 'approved' || review.status === 'denied' ? review.status : 'pending',
          }
        : null,
      response:
        review?.response && review.responded_at
          ? { text: review.response, date: review.responded_at.toISOString() }
          : null,
    },
  };
  return result;
}

/** Creates or edits the lead's review, inside the caller's transaction (mutate()). */
export async function requestReview(
  tx: Db,
  organizationId: number,
  userId: number,
  leadId: number,
  body: ReviewRequestBody,
  now = clockNow(),
) {
  const [type] = await tx.select().from(reviewTypes).where(eq(reviewTypes.key, body.review_type));
  if (!type) throw unprocessable({ review_type: [REVIEW_MESSAGES.typeRequired] });
  await ownLead(tx, organizationId, leadId);
  await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).for('update');
  const { lead, review } = await ownLead(tx, organizationId, leadId);
  await checkVersion(body.based_on_version, review?.version ?? 0, () =>
    review ? { review_type: review.review_type, note: review.note } : {},
  );
  if (review && review.status !== 'pending') {
    throw unprocessable(`This lead's review was already ${review.status}, so it can no longer be changed.`);
  }
  if (!canReview({ ref_id: lead.ref_id, created_at: lead.created_at, review_status: null }, now)) {
    const zone = await orgTimeZone(tx, organizationId);
    throw unprocessable(windowClosedMessage(reviewWindowEnd(lead.ref_id, lead.created_at), zone));
  }
  if (review) {
    await tx
      .update(leadReviews)
      .set({
        review_type: body.review_type,
        note: body.note,
        user_id: userId,
        updated_at: now,
        version: sql`${leadReviews.version} + 1`,
      })
      .where(eq(leadReviews.id, review.id));
  } else {
    await tx.insert(leadReviews).values({
      lead_id: lead.id,
      user_id: userId,
      review_type: body.review_type,
      note: body.note,
      status: 'pending',
      created_at: now,
      updated_at: now,
    });
  }
  await tx.update(leadDetails).set({ dispute_status: 'pending' }).where(eq(leadDetails.lead_id, lead.id));
  return toLeadDetail(tx, await ownLead(tx, organizationId, leadId), now);
}
