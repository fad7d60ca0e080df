/**
 * Turns lead slots (from the facts) into leads: a caller or form filler inside the campaign's
 * targeted ZIPs, a price (category price on pay-per-lead platforms, the attributed ad cost
 * otherwise), and details: recording, transcript and AI summary for calls, answers for forms,
 * demographics for most. A few leads carry review requests in every state.
 *
 * Ids follow creation time, so "newest first" and "highest id first" agree.
 */
import { reviewWindowEnd } from '../../../src/lib/review-window';
import type { Db } from '../../db/client';
import { type LeadConversation, leadDetails, leadReviews, leads } from '../../db/schema/leads';
import type { Rng } from '../rng';
import { bulkInsert } from './bulk';
import { DAY_MS, entry, isoDate, weighted } from './calendar';
import { categoryLabel, categoryRange, REVIEW_TYPES } from './catalog-data';
import type { LeadSlot } from './facts';
import {
  callSummary,
  callTranscript,
  demographic,
  formQuestions,
  type Person,
  person,
  topicFor,
} from './lead-content';
import { PAY_PER_LEAD_PLATFORMS, PROVIDER_CHANNEL, PROVIDER_LABEL } from './plans';

const HOURS: [number, number][] = [12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23].map((h) => [
  h,
  h >= 14 && h <= 20 ? 3 : 1,
]);

const hex = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');
const formatPhone = (p: string) => `(${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}`;

const REVIEW_NOTES: Record<string, string> = {
  wrong_number: 'The caller was trying to reach a different company.',
  duplicate: 'Same homeowner called twice in one day about the same job.',
  spam: 'Robocall offering business loans, not a customer.',
  service_not_offered: 'Caller wanted pool service, which we do not offer.',
  outside_service_area: 'The property is two hours outside our service area.',
  no_conversation: 'Caller hung up before we could answer the phone.',
  existing_customer: 'This is an existing customer calling about an open job.',
  job_seeker: 'Caller was asking about job openings, not service.',
  other: 'The caller was a vendor trying to sell us supplies.',
};

export type LeadTotals = {
  /** accountId -> 'YYYY-MM-DD' -> leads */
  perDay: Map<number, Map<string, number>>;
  /** accountId -> 'YYYY-MM' -> billable lead cost and count */
  perMonth: Map<number, Map<string, { cents: number; count: number }>>;
  count: number;
};

export async function seedLeads(db: Db, rng: Rng, today: Date, slots: LeadSlot[]): Promise<LeadTotals> {
  // Time first, so ids can follow created_at.
  const timed = slots.map((slot, order) => {
    const isToday = slot.day.getTime() === today.getTime();
    const hour = isToday ? rng.int(0, 5) : weighted(rng, HOURS);
    const at = new Date(slot.day.getTime() + hour * 3600_000 + rng.int(0, 3599) * 1000);
    return { slot, at, order };
  });
  timed.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);

  const leadRows: (typeof leads.$inferInsert)[] = [];
  const detailRows: (typeof leadDetails.$inferInsert)[] = [];
  const reviewRows: (typeof leadReviews.$inferInsert)[] = [];
  const totals: LeadTotals = { perDay: new Map(), perMonth: new Map(), count: 0 };
  const pendingReviewFor = new Set<number>();
  const trackingNumbers = new Map<number, string>();

  timed.forEach(({ slot, at }, index) => {
    const id = index + 1;
    const { campaign } = slot;
    const platform = campaign.account.platform;
    const area = campaign.city.areaCode;
    const caller: Person = person(rng, area);
    const place =
      campaign.zips[Math.min(campaign.zips.length - 1, Math.floor(rng.next() ** 2 * campaign.zips.length))];
    const payPerLead = PAY_PER_LEAD_PLATFORMS.has(platform);
    const isCall = slot.lead_type === 'Call';
    const duration = isCall
      ? rng.chance(payPerLead ? 0.88 : 0.93)
        ? rng.int(75, 900)
        : rng.int(8, 55)
      : null;
    const billable = isCall ? (duration ?? 0) >= 60 : rng.chance(0.93);
    const range = categoryRange(campaign.plan.service);
    const cost = payPerLead
      ? billable
        ? Math.round((range.min + rng.next() * (range.max - range.min)) / 100) * 100
        : 0
      : slot.adCostCents;
    const provider = slot.provider === 'directory' ? platform : slot.provider;
    const prefix = platform === 'bpr' || platform === 'fsr' ? platform : 'LD';
    leadRows.push({
      id,
      account_id: campaign.account.id,
      campaign_id: campaign.id,
      ref_id: `${prefix}-${1000000 + id}`,
      lead_type: slot.lead_type,
      name: caller.name,
      phone_number: caller.phone,
      email: isCall && rng.chance(0.6) ? null : caller.email,
      address: caller.address,
      city: place.city,
      state: place.state,
      zipcode: place.zipcode,
      service: categoryLabel(campaign.plan.service),
      cost_cents: cost,
      billable,
      channel:
        slot.provider === 'directory' ? 'Directories' : (PROVIDER_CHANNEL[slot.provider] ?? 'Pay Per Call'),
      provider,
      source: PROVIDER_LABEL[provider] ?? provider,
      device: slot.device,
      created_at: at,
    });

    const day = isoDate(at);
    const accountId = campaign.account.id;
    const perDay = entry(totals.perDay, accountId, () => new Map<string, number>());
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    const perMonth = entry(
      totals.perMonth,
      accountId,
      () => new Map<string, { cents: number; count: number }>(),
    );
    const month = perMonth.get(day.slice(0, 7)) ?? { cents: 0, count: 0 };
    if (billable) perMonth.set(day.slice(0, 7), { cents: month.cents + cost, count: month.count + 1 });

    // Details.
    const topic = topicFor(campaign.plan.service);
    const issue = rng.pick(topic.issues);
    const business = campaign.account.name.split(' - ')[0];
    const recording = isCall ? `/demo/recordings/call-${id}.mp3` : null;
    const booked = isCall && billable && rng.chance(0.55);
    const transcribed = isCall && billable && rng.chance(0.85);
    const tracking = entry(
      trackingNumbers,
      campaign.id,
      () => `${area}555${String(rng.int(100, 199)).padStart(4, '0')}`,
    );
    const conversations: LeadConversation[] | null = isCall
      ? [
          {
            participant_type: 'lead',
            message_text: `Inbound call from ${formatPhone(caller.phone)} to ${formatPhone(tracking)}`,
            created_at: at.toISOString(),
            ref_id: `CA${hex(rng, 32)}`,
            recording_url: recording,
          },
          ...(booked
            ? [
                {
                  participant_type: 'agent',
                  message_text: 'Appointment confirmation sent by text message.',
                  created_at: new Date(at.getTime() + (duration ?? 0) * 1000 + 60_000).toISOString(),
                  ref_id: `SM${hex(rng, 32)}`,
                  recording_url: null,
                },
              ]
            : []),
        ]
      : null;
    const job = rng.pick(topic.jobs);
    detailRows.push({
      lead_id: id,
      summary: isCall
        ? transcribed
          ? callSummary({
              caller,
              city: place.city,
              category: campaign.plan.service,
              issue,
              booked,
              duration: duration ?? 0,
            })
          : billable
            ? null
            : 'Short call: the caller disconnected before a conversation started.'
        : `${caller.name} asked about ${job.toLowerCase()} through the website form: ${issue}.`,
      recording_url: recording,
      call_duration: duration,
      dispute_status: 'none',
      caller_id: isCall ? caller.phone : null,
      tracking_number: isCall ? tracking : null,
      landing_page: isCall
        ? null
        : `https://www.${business.toLowerCase().replace(/[^a-z]+/g, '')}.example/${campaign.plan.service.replace(/_/g, '-')}`,
      keyword: ['google', 'bing', 'linkedin'].includes(slot.provider) ? `${job.toLowerCase()} near me` : null,
      questions: isCall ? null : formQuestions(rng, campaign.plan.service, issue),
      conversations,
      transcriptions: transcribed
        ? callTranscript(rng, {
            business,
            caller,
            city: place.city,
            category: campaign.plan.service,
            issue,
            booked,
          })
        : null,
      demographic: rng.chance(0.6) ? demographic(rng) : null,
    });

    // Reviews: a recent pending one per account (within the review window), older decided ones.
    const ageDays = (today.getTime() - slot.day.getTime()) / DAY_MS;
    const ref = leadRows[leadRows.length - 1].ref_id;
    const windowOpen = reviewWindowEnd(ref, at).getTime() > today.getTime() + 12 * 3600_000;
    const wantsPending = ageDays >= 1 && windowOpen && billable && !pendingReviewFor.has(accountId);
    if (wantsPending || (ageDays > 10 && rng.chance(0.02))) {
      if (wantsPending) pendingReviewFor.add(accountId);
      const [type] = rng.pick(REVIEW_TYPES);
      const created = new Date(at.getTime() + rng.int(10, 600) * 60_000);
      const status = wantsPending ? 'pending' : rng.chance(0.4) ? 'approved' : 'denied';
      reviewRows.push({
        lead_id: id,
        user_id: campaign.customer.user_id,
        review_type: type,
        note: REVIEW_NOTES[type],
        status,
        response:
          status === 'approved'
            ? 'Review approved: this lead has been credited to your account.'
            : status === 'denied'
              ? 'Review denied: the recording shows a customer asking for service in your area.'
              : null,
        responded_at: status === 'pending' ? null : new Date(created.getTime() + rng.int(1, 4) * DAY_MS),
        created_at: created,
        updated_at: created,
      });
      detailRows[detailRows.length - 1].dispute_status = status;
    }
  });

  totals.count = leadRows.length;
  await bulkInsert(db, leads, leadRows, 2000);
  await bulkInsert(db, leadDetails, detailRows, 500);
  await bulkInsert(db, leadReviews, reviewRows);
  return totals;
}
