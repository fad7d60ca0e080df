/**
 * Advertising campaigns per linked account: their providers (the expandable rows), the counties
 * ("locations") they target with per-county call/form prices and ZIP targets, the weekly call
 * schedule, and every status change (campaign or county) with its pause duration.
 *
 * - A status change made by the customer sets `pending` until the live channel's switch_status
 *   message clears it; `paused_until` is when a timed pause ends.
 * - The server-driven UI flags (trigger_status, show_schedule, ...) are stored per campaign.
 */
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { accounts } from './shell';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    ref_id: text('ref_id').notNull(),
    name: text('name').notNull(),
    /** pay_per_call, directories, paid_search, social, programmatic, ppm */
    product: text('product').notNull(),
    product_name: text('product_name').notNull(),
    /** search, social, programmatic, calls */
    media_type: text('media_type').notNull(),
    /** services.name */
    service: text('service').notNull(),
    status: text('status').notNull().default('active'),
    pending: boolean('pending').notNull().default(false),
    pending_status: text('pending_status'),
    paused_until: timestamp('paused_until', { withTimezone: true }),
    spend_limit_cents: integer('spend_limit_cents'),
    enable_call_schedule: boolean('enable_call_schedule').notNull().default(false),
    trigger_status: boolean('trigger_status').notNull().default(true),
    trigger_location_status: boolean('trigger_location_status').notNull().default(false),
    show_locations_tab: boolean('show_locations_tab').notNull().default(false),
    show_schedule: boolean('show_schedule').notNull().default(false),
    search_location: boolean('search_location').notNull().default(false),
    disable: boolean('disable').notNull().default(false),
    start_date: text('start_date'),
    /** The status's version (server/lib/versions.ts): raised by a trigger whenever `status` changes,
     *  whoever changes it (the user, a timed pause ending; migration conflicts). */
    status_version: integer('status_version').notNull().default(1),
    /** The call schedule's version: raised by every schedule save. */
    schedule_version: integer('schedule_version').notNull().default(1),
    created_at: created(),
  },
  (t) => [
    uniqueIndex('campaigns_ref_unique').on(t.ref_id),
    index('campaigns_account_idx').on(t.account_id, t.name),
    index('campaigns_account_service_idx').on(t.account_id, t.service),
  ],
);

/** The providers a campaign runs on (google, bing, linkedin, lsa, facebook, instagram, display, simplifi). */
export const campaignProviders = pgTable(
  'campaign_providers',
  {
    id: serial('id').primaryKey(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    name: text('name').notNull(),
    ref_id: text('ref_id').notNull(),
    status: text('status').notNull().default('active'),
    spend_limit_cents: integer('spend_limit_cents'),
    created_at: created(),
  },
  (t) => [uniqueIndex('campaign_providers_unique').on(t.campaign_id, t.provider)],
);

/** A targeted county ("location") with its lead prices; is_target is false until targeted. */
export const campaignCounties = pgTable(
  'campaign_counties',
  {
    id: serial('id').primaryKey(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: text('state').notNull(),
    status: text('status').notNull().default('active'),
    pending: boolean('pending').notNull().default(false),
    paused_until: timestamp('paused_until', { withTimezone: true }),
    call_price_cents: integer('call_price_cents').notNull(),
    form_price_cents: integer('form_price_cents').notNull(),
    is_target: boolean('is_target').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** The county's status version (server/lib/versions.ts): raised by a trigger whenever `status`
     *  changes, whoever changes it (the user, a timed pause ending; migration county_versions). */
    status_version: integer('status_version').notNull().default(1),
    /** The county's zip targeting version: raised by every targeting save that touches it. */
    target_version: integer('target_version').notNull().default(1),
  },
  (t) => [index('campaign_counties_campaign_idx').on(t.campaign_id, t.position)],
);

export const campaignZipcodes = pgTable(
  'campaign_zipcodes',
  {
    county_id: integer('county_id')
      .notNull()
      .references(() => campaignCounties.id, { onDelete: 'cascade' }),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    zipcode: text('zipcode').notNull(),
    targeted: boolean('targeted').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.county_id, t.zipcode] }),
    index('campaign_zipcodes_campaign_idx').on(t.campaign_id),
  ],
);

/** Call hours per weekday (0 = Monday ... 6 = Sunday), times as 'HH:MM' 24-hour strings. */
export const campaignSchedules = pgTable(
  'campaign_schedules',
  {
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    day: text('day').notNull(),
    is_opened: boolean('is_opened').notNull().default(true),
    is_24_hours: boolean('is_24_hours').notNull().default(false),
    from: text('from'),
    to: text('to'),
  },
  (t) => [primaryKey({ columns: [t.campaign_id, t.weekday] })],
);

/** Every status change of a campaign (county_id null) or one of its counties. */
export const campaignStatusHistory = pgTable(
  'campaign_status_history',
  {
    id: serial('id').primaryKey(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    county_id: integer('county_id').references(() => campaignCounties.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** hours, when pausing: 3, 12, 24, 48, 72, 168 */
    pause_duration: integer('pause_duration'),
    paused_until: timestamp('paused_until', { withTimezone: true }),
    /** user, system, account_manager */
    source: text('source').notNull().default('user'),
    user_id: integer('user_id').references(() => users.id),
    created_at: created(),
  },
  (t) => [index('campaign_status_history_campaign_idx').on(t.campaign_id, t.created_at)],
);
