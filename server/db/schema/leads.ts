/**
 * Leads (calls and web forms) per linked account, their heavy details kept apart from the list
 * row (recording, AI summary, transcript, form answers, demographics), and review requests.
 *
 * - ref_id of a lead on a bpr or fsr account starts with 'bpr' or 'fsr': the review window rule
 *   (7 days for those, otherwise until the following Tuesday 12pm EST) reads that prefix and
 *   created_at, so can_review is computed, not stored.
 * - cost_cents is integer cents (0 for non-billable leads).
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { users } from './identity';
import { accounts } from './shell';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export type LeadQuestion = { label: string; answer: { label: string } };
export type LeadConversation = {
  participant_type: string;
  message_text: string;
  created_at: string;
  ref_id: string;
  recording_url: string | null;
};
export type LeadTranscription = { participant_type: string; message_text: string };
export type LeadDemographic = {
  owner: { label: string; description: string }[];
  property: { label: string; description: string }[];
};

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    campaign_id: integer('campaign_id').references(() => campaigns.id),
    ref_id: text('ref_id').notNull(),
    /** 'Call' or 'Form', as on the wire. */
    lead_type: text('lead_type').notNull(),
    name: text('name').notNull(),
    phone_number: text('phone_number'),
    email: text('email'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipcode: text('zipcode'),
    /** services.label of the campaign's service (what the table and filters show). */
    service: text('service').notNull(),
    cost_cents: integer('cost_cents').notNull().default(0),
    billable: boolean('billable').notNull().default(true),
    /** Paid Search, LSA, Social, Pay Per Call, Directories */
    channel: text('channel').notNull(),
    /** google, bing, linkedin, lsa, facebook, instagram, call_tracking, directory */
    provider: text('provider').notNull(),
    /** Human label of the source, e.g. 'Google Ads'. */
    source: text('source').notNull(),
    device: text('device'),
    created_at: created(),
  },
  (t) => [
    uniqueIndex('leads_ref_unique').on(t.ref_id),
    index('leads_account_created_idx').on(t.account_id, t.created_at),
    index('leads_account_service_idx').on(t.account_id, t.service),
    index('leads_account_type_created_idx').on(t.account_id, t.lead_type, t.created_at),
    index('leads_campaign_idx').on(t.campaign_id, t.created_at),
  ],
);

/** One row per lead; transcriptions is null for forms and for calls never transcribed. */
export const leadDetails = pgTable('lead_details', {
  lead_id: integer('lead_id')
    .primaryKey()
    .references(() => leads.id, { onDelete: 'cascade' }),
  summary: text('summary'),
  recording_url: text('recording_url'),
  /** seconds */
  call_duration: integer('call_duration'),
  /** none, pending, approved, denied (mirrors the lead's review) */
  dispute_status: text('dispute_status'),
  caller_id: text('caller_id'),
  tracking_number: text('tracking_number'),
  landing_page: text('landing_page'),
  keyword: text('keyword'),
  questions: jsonb('questions').$type<LeadQuestion[]>(),
  conversations: jsonb('conversations').$type<LeadConversation[]>(),
  transcriptions: jsonb('transcriptions').$type<LeadTranscription[]>(),
  demographic: jsonb('demographic').$type<LeadDemographic>(),
});

/** A customer's review (dispute) request on a lead, and the provider's response. One per lead. */
export const leadReviews = pgTable(
  'lead_reviews',
  {
    id: serial('id').primaryKey(),
    lead_id: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id),
    /** review_types.key */
    review_type: text('review_type').notNull(),
    note: text('note').notNull(),
    /** pending, approved, denied */
    status: text('status').notNull().default('pending'),
    response: text('response'),
    responded_at: timestamp('responded_at', { withTimezone: true }),
    /** Raised by every edit of the review (server/lib/versions.ts); no review reads as version 0. */
    version: integer('version').notNull().default(1),
    created_at: created(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lead_reviews_lead_unique').on(t.lead_id)],
);
