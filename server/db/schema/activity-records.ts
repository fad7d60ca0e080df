/**
 * What the Activity Manager's task modals and the profile tab submit, one record set per
 * organization: company details (4-step wizard), service details, business details (offers,
 * guarantees, accolades), licenses, insurance, brand-asset choice, service areas, the quarterly
 * SEO content plan items and the paid media / ad details of the profile.
 *
 * activity_id records which task a submission came from (null when saved from the profile tab).
 * Files (certificates, license scans, brand assets) are rows of `files`, referenced by id.
 */
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { activities, files } from './activities';
import { organizations } from './identity';

const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type OperationsHours = {
  day: string;
  is_opened: boolean;
  is_24_hours: boolean;
  from: string | null;
  to: string | null;
};

export const companyDetails = pgTable('company_details', {
  organization_id: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  activity_id: integer('activity_id').references(() => activities.id),
  company_quote: text('company_quote'),
  first_name: text('first_name'),
  last_name: text('last_name'),
  title: text('title'),
  business_address: text('business_address'),
  founder: text('founder'),
  established_year: integer('established_year'),
  /** local, family_owned, national, national_franchise, other */
  owned: jsonb('owned').$type<string[]>().notNull().default([]),
  other_owned: text('other_owned'),
  operations_hours: jsonb('operations_hours').$type<OperationsHours[]>().notNull().default([]),
  /** drive_marked_vehicles, wear_shoe_covers, undergo_drug_testing, wear_uniforms, are_background_checked, not_applicable */
  emp_distinctions: jsonb('emp_distinctions').$type<string[]>().notNull().default([]),
  /** Highest wizard step saved (1-4); 4 means complete. */
  completed_step: integer('completed_step').notNull().default(0),
  /** Raised by every save (server/lib/versions.ts); no record yet reads as version 0. */
  version: integer('version').notNull().default(1),
  updated_at: updated(),
});

export const serviceDetails = pgTable('service_details', {
  organization_id: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  activity_id: integer('activity_id').references(() => activities.id),
  product: text('product'),
  job_requirement: text('job_requirement'),
  /** yes, some, no */
  estimate_fee: text('estimate_fee'),
  estimate_fee_detail: text('estimate_fee_detail'),
  services_offered: text('services_offered'),
  services_not_offered: text('services_not_offered'),
  /** Raised by every save (server/lib/versions.ts); no record yet reads as version 0. */
  version: integer('version').notNull().default(1),
  updated_at: updated(),
});

export const businessDetails = pgTable('business_details', {
  organization_id: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  activity_id: integer('activity_id').references(() => activities.id),
  special_offers: text('special_offers'),
  guarantees: text('guarantees'),
  accolades: text('accolades'),
  /** Raised by every save (server/lib/versions.ts); no record yet reads as version 0. */
  version: integer('version').notNull().default(1),
  updated_at: updated(),
});

/** Paid Media / Ad Details of the profile tab (categories and website live on organizations). */
export const paidMediaDetails = pgTable('paid_media_details', {
  organization_id: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  destination_phone: text('destination_phone'),
  sms_phone: text('sms_phone'),
  service_area: text('service_area'),
  email_notification: text('email_notification'),
  updated_at: updated(),
});

export const licenses = pgTable(
  'licenses',
  {
    id: serial('id').primaryKey(),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    activity_id: integer('activity_id').references(() => activities.id),
    ref_id: text('ref_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    number: text('number').notNull(),
    expiration_date: date('expiration_date', { mode: 'string' }).notNull(),
    view_name: text('view_name'),
    file_id: integer('file_id').references(() => files.id),
    /** The license this one renews, if it is a renewal. */
    renews_id: integer('renews_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('licenses_org_idx').on(t.organization_id)],
);

/**
 * Per organization: whether a license is required at all (the Yes/No question) and the insurance
 * record. Certificates are files with purpose general_liability / workers_comp.
 */
export const insurances = pgTable('insurances', {
  organization_id: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  activity_id: integer('activity_id').references(() => activities.id),
  license_required: boolean('license_required'),
  general_expiration_date: date('general_expiration_date', { mode: 'string' }),
  workers_compensation: boolean('workers_compensation').notNull().default(false),
  workers_comp_expiration_date: date('workers_comp_expiration_date', { mode: 'string' }),
  updated_at: updated(),
});

export const brandAssetSettings = pgTable('brand_asset_settings', {
  organization_id: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  use_stock: boolean('use_stock').notNull().default(false),
  updated_at: updated(),
});

export const serviceAreas = pgTable('service_areas', {
  id: serial('id').primaryKey(),
  organization_id: integer('organization_id')
    .notNull()
    .unique()
    .references(() => organizations.id),
  title: text('title'),
  updated_at: updated(),
});

export const serviceAreaZipcodes = pgTable(
  'service_area_zipcodes',
  {
    service_area_id: integer('service_area_id')
      .notNull()
      .references(() => serviceAreas.id, { onDelete: 'cascade' }),
    zipcode: text('zipcode').notNull(),
    selected: boolean('selected').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.service_area_id, t.zipcode] })],
);

/** Monthly items of the quarterly SEO content plan; status pending until approved or declined. */
export const seoContentItems = pgTable(
  'seo_content_items',
  {
    id: serial('id').primaryKey(),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    activity_id: integer('activity_id').references(() => activities.id),
    /** 'YYYY-MM' */
    month: text('month').notNull(),
    /** Server-authored HTML; sanitised again before rendering. */
    data: text('data').notNull(),
    /** pending, approved, decline */
    status: text('status').notNull().default('pending'),
    decided_at: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('seo_content_items_org_idx').on(t.organization_id, t.month)],
);
