/**
 * Catalogue and per-organization commercial settings: service categories and their pay-per-lead
 * price ranges, lead review reasons, product families and their packages, which products an
 * organization has, upsell cards, banners, account managers and the server-driven flags
 * (SEO mode, can_add_account, can_create_campaign, ...).
 *
 * Money is integer cents everywhere in this schema (`*_cents` columns); routes format dollars.
 */
import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './identity';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Service categories (GET /services: name, label); `name` is what categories and leads refer to. */
export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  label: text('label').notNull(),
  position: integer('position').notNull().default(0),
});

/** The 26 rows of the 'Service Categories & Lead Costs' (Pay-Per-Lead pricing) modal. */
export const priceCategories = pgTable('price_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  label: text('label').notNull(),
  min_price_cents: integer('min_price_cents').notNull(),
  max_price_cents: integer('max_price_cents').notNull(),
  position: integer('position').notNull().default(0),
});

/** Reasons a customer may give when requesting a lead review (user settings review_types). */
export const reviewTypes = pgTable('review_types', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  label: text('label').notNull(),
  position: integer('position').notNull().default(0),
});

/** Product families: pay_per_call, directories, website, paid_media, seo, ppm. */
export const products = pgTable('products', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

/** Packages of a family in ladder order (SEO: launch, expand, accelerate, legacy (hidden), distinguish). */
export const packages = pgTable(
  'packages',
  {
    product_key: text('product_key')
      .notNull()
      .references(() => products.key),
    key: text('key').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    is_hidden: boolean('is_hidden').notNull().default(false),
    hours_per_month: integer('hours_per_month'),
    monthly_price_cents: integer('monthly_price_cents'),
  },
  (t) => [primaryKey({ columns: [t.product_key, t.key] })],
);

/** GET /products: per organization, name, active, package (list of keys), local_listing, grade. */
export const organizationProducts = pgTable(
  'organization_products',
  {
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    product_key: text('product_key')
      .notNull()
      .references(() => products.key),
    active: boolean('active').notNull().default(false),
    packages: jsonb('packages').$type<string[]>().notNull().default([]),
    local_listing: boolean('local_listing').notNull().default(false),
    grade: text('grade'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.product_key] })],
);

/** Upsell carousel cards; organization_id null means shown to everyone. */
export const upsells = pgTable('upsells', {
  id: serial('id').primaryKey(),
  organization_id: integer('organization_id').references(() => organizations.id),
  name: text('name').notNull(),
  title: text('title').notNull(),
  subtitle: text('subtitle'),
  grade: text('grade'),
  tag: text('tag'),
  cta_value: text('cta_value'),
  cta_prompt: text('cta_prompt'),
  show_button: boolean('show_button').notNull().default(true),
  url: text('url'),
  download_url: text('download_url'),
  package: text('package'),
  action: text('action').notNull(),
  index: text('index'),
  element_id: text('element_id'),
  submit_button: text('submit_button'),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

/** GET /banners (analytics upsell banner); organization_id null means everyone. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  organization_id: integer('organization_id').references(() => organizations.id),
  placement: text('placement').notNull().default('analytics'),
  text: text('text').notNull(),
  call_to_action_link: text('call_to_action_link'),
  call_to_action_label: text('call_to_action_label'),
  active: boolean('active').notNull().default(true),
});

export const accountManagers = pgTable('account_managers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  avatar: text('avatar'),
  phone_number: text('phone_number'),
});

/**
 * Server-driven flags per organization that the spec says "come from the server": SEO mode,
 * can_add_account, can_create_campaign, can_create_payment_method, the analytics embed key and
 * the account manager.
 */
export const organizationSettings = pgTable('organization_settings', {
  organization_id: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  account_manager_id: integer('account_manager_id').references(() => accountManagers.id),
  seo_active: boolean('seo_active').notNull().default(false),
  can_add_account: boolean('can_add_account').notNull().default(false),
  can_create_campaign: boolean('can_create_campaign').notNull().default(false),
  can_create_payment_method: boolean('can_create_payment_method').notNull().default(true),
  unlock_weekend_hours: boolean('unlock_weekend_hours').notNull().default(false),
  agency_api_key: text('agency_api_key'),
  support_phone: text('support_phone'),
  created_at: created(),
});
