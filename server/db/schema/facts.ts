/**
 * Daily performance facts that every report aggregates with SQL (nothing is stored as finished
 * report JSON):
 * - ad_facts_daily: paid search per account / campaign / provider / device. Providers google,
 *   bing, linkedin are PPC; lsa is Local Services Ads. leads = calls + forms.
 * - social_ads + social_facts_daily: per ad per day (reach is the day's reach; not additive).
 * - programmatic_facts_daily: per campaign per provider (display, simplifi).
 * - revconnect_facts_daily: the sales funnel and revenue per account per day.
 *
 * The primary keys lead with (account_id, date) because every report filters by accounts and a
 * date range. Money is integer cents.
 *
 * The daily fact tables deliberately carry no foreign keys: they are written in bulk by the seed
 * (and in production by the nightly import), never by a request, and FK triggers made the
 * 270k-row demo load more than twice as slow on PGlite. Writers must use existing account,
 * campaign and ad ids; accounts and campaigns are never deleted.
 */
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { accounts } from './shell';

export const adFactsDaily = pgTable(
  'ad_facts_daily',
  {
    account_id: integer('account_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    campaign_id: integer('campaign_id').notNull(),
    provider: text('provider').notNull(),
    /** desktop, mobile, tablet, other */
    device: text('device').notNull(),
    impressions: integer('impressions').notNull(),
    clicks: integer('clicks').notNull(),
    cost_cents: integer('cost_cents').notNull(),
    /** All tracked conversions (leads plus e.g. direction requests). */
    conversions: integer('conversions').notNull(),
    leads: integer('leads').notNull(),
    calls: integer('calls').notNull(),
    forms: integer('forms').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.account_id, t.date, t.campaign_id, t.provider, t.device] }),
    index('ad_facts_campaign_idx').on(t.campaign_id, t.date),
  ],
);

export const socialAds = pgTable(
  'social_ads',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    /** facebook, instagram */
    provider: text('provider').notNull(),
    ad_name: text('ad_name').notNull(),
    ad_thumbnail: text('ad_thumbnail'),
    ad_text: text('ad_text'),
    status: text('status').notNull().default('active'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('social_ads_account_idx').on(t.account_id)],
);

export const socialFactsDaily = pgTable(
  'social_facts_daily',
  {
    account_id: integer('account_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    ad_id: integer('ad_id').notNull(),
    campaign_id: integer('campaign_id').notNull(),
    provider: text('provider').notNull(),
    impressions: integer('impressions').notNull(),
    reach: integer('reach').notNull(),
    link_clicks: integer('link_clicks').notNull(),
    spend_cents: integer('spend_cents').notNull(),
    leads: integer('leads').notNull(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.date, t.ad_id] })],
);

export const programmaticFactsDaily = pgTable(
  'programmatic_facts_daily',
  {
    account_id: integer('account_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    campaign_id: integer('campaign_id').notNull(),
    /** display, simplifi */
    provider: text('provider').notNull(),
    impressions: integer('impressions').notNull(),
    clicks: integer('clicks').notNull(),
    spend_cents: integer('spend_cents').notNull(),
    conversions: integer('conversions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.date, t.campaign_id, t.provider] })],
);

/** leads matches the account's lead rows that day; cost_of_marketing is that day's ad + social spend. */
export const revconnectFactsDaily = pgTable(
  'revconnect_facts_daily',
  {
    account_id: integer('account_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    leads: integer('leads').notNull(),
    qualified_leads: integer('qualified_leads').notNull(),
    appointments: integer('appointments').notNull(),
    sales: integer('sales').notNull(),
    revenue_cents: integer('revenue_cents').notNull(),
    cost_of_marketing_cents: integer('cost_of_marketing_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.date] })],
);
