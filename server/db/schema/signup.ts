/**
 * Sign-up sources and interest requests:
 * - legacy_accounts: customers of the legacy (marketsharp) platform, keyed by ms_id, that the
 *   legacy sign-up flow prefills from and claims once (claimed_by_user_id);
 * - signup_leads: sales leads keyed by salesforce id, for the custom (lead_id) sign-up flow;
 * - interest_requests: /submit_mql_info and the marketing-automation form ("Get Started");
 * - grade_requests: website grade reports asked for from the upsell carousel.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './identity';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const legacyAccounts = pgTable(
  'legacy_accounts',
  {
    id: serial('id').primaryKey(),
    ms_id: text('ms_id').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    email: text('email').notNull(),
    phone_number: text('phone_number'),
    job_title: text('job_title'),
    business_name: text('business_name').notNull(),
    org_name: text('org_name').notNull(),
    address: text('address'),
    website: text('website'),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    platform: text('platform').notNull().default('live'),
    lead_credit_cents: integer('lead_credit_cents').notNull().default(250000),
    claimed_by_user_id: integer('claimed_by_user_id').references(() => users.id),
    claimed_at: timestamp('claimed_at', { withTimezone: true }),
    created_at: created(),
  },
  (t) => [uniqueIndex('legacy_accounts_ms_unique').on(t.ms_id)],
);

export const signupLeads = pgTable(
  'signup_leads',
  {
    id: serial('id').primaryKey(),
    salesforce_id: text('salesforce_id').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    email: text('email').notNull(),
    phone_number: text('phone_number'),
    address: text('address'),
    business_name: text('business_name'),
    /** services.name values */
    services: jsonb('services').$type<string[]>().notNull().default([]),
    converted_user_id: integer('converted_user_id').references(() => users.id),
    converted_at: timestamp('converted_at', { withTimezone: true }),
    created_at: created(),
  },
  (t) => [uniqueIndex('signup_leads_sf_unique').on(t.salesforce_id)],
);

export const interestRequests = pgTable(
  'interest_requests',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id),
    organization_id: integer('organization_id').references(() => organizations.id),
    /** mql (portal) or form (marketing-automation form submission) */
    kind: text('kind').notNull().default('mql'),
    product: text('product'),
    package: text('package'),
    click_source: text('click_source'),
    product_status: text('product_status'),
    portal_intent: text('portal_intent'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    created_at: created(),
  },
  (t) => [index('interest_requests_user_idx').on(t.user_id, t.created_at)],
);

export const gradeRequests = pgTable('grade_requests', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id),
  url: text('url').notNull(),
  /** pending, ready */
  status: text('status').notNull().default('pending'),
  grade: text('grade'),
  created_at: created(),
});
