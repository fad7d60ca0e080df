/**
 * The Activity Manager (spec part 2): tasks the provider assigns to an organization, and the
 * uploaded files task modals attach (logo, brand assets, licenses, insurance certificates).
 *
 * - `key` picks the task modal (ACTIVITY_KEYS); tasks without a modal use cta 'accordion' (expand
 *   in place) or 'go_to' (navigate to /dashboard/{index}/{action}).
 * - A file row exists from the presigned-URL request on; uploaded_at is set once its bytes
 *   arrived and were checked (type by content, 2 MB limit). Only uploaded files may be attached.
 *   Rows never uploaded are deleted after a day (domain/storage/storage-sweep.ts).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './identity';
import { accounts } from './shell';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const ACTIVITY_KEYS = [
  'upload_logo',
  'brand_assets',
  'payment_methods',
  'service_areas',
  'business_details',
  'company_details',
  'service_details',
  'verify_license',
  'verify_insurance',
  'renew_general_insurance',
  'renew_workers_comp_insurance',
  'renew_license',
  'create_campaign',
  'seo_content',
  'lead_transfer_details',
] as const;

export const ACTIVITY_STATUSES = ['action_required', 'completed', 'planned', 'in_progress'] as const;

export type ActivityTeamMember = { first_name: string; last_name: string; avatar: string | null };
export type ActivityDescription = { description: string; goal: string; summary: string; url: string | null };

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The linked account a task is about (lead transfer details, create campaign), if any. */
    account_id: integer('account_id').references(() => accounts.id),
    name: text('name').notNull(),
    /** One of ACTIVITY_KEYS for modal tasks; null for accordion and go_to tasks. */
    key: text('key'),
    status: text('status').notNull(),
    /** modal, accordion, go_to */
    cta: text('cta').notNull(),
    index: text('index'),
    action: text('action'),
    ref_id: text('ref_id'),
    /** The record a renewal is about (a license id). */
    object_id: integer('object_id'),
    service: text('service'),
    /** Shown in SEO mode (Category column). */
    category: text('category'),
    due_date: date('due_date', { mode: 'string' }),
    /** danger, success or null */
    klass: text('klass'),
    viewed: boolean('viewed').notNull().default(false),
    show_multiple_destination_phones: boolean('show_multiple_destination_phones').notNull().default(false),
    team_members: jsonb('team_members').$type<ActivityTeamMember[]>().notNull().default([]),
    description: jsonb('description').$type<ActivityDescription>(),
    position: integer('position').notNull().default(0),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    created_at: created(),
  },
  (t) => [
    index('activities_org_status_idx').on(t.organization_id, t.status),
    index('activities_org_due_idx').on(t.organization_id, t.due_date),
  ],
);

export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    user_id: integer('user_id').references(() => users.id),
    activity_id: integer('activity_id').references(() => activities.id),
    /** logo, brand_asset, license, general_liability, workers_comp, upload */
    purpose: text('purpose').notNull(),
    filename: text('filename').notNull(),
    byte_size: integer('byte_size').notNull(),
    /** MIME type (the wire calls it `extention`). */
    content_type: text('content_type').notNull(),
    /** base64 MD5 the client declared for the direct upload. */
    checksum: text('checksum'),
    signed_id: text('signed_id').notNull(),
    /** Where the bytes live (a path under the data dir, or an object-storage key). */
    storage_key: text('storage_key').notNull(),
    /**
     * The presign request's Idempotency-Key (the outbox item's key and the file's place in it): a
     * repeated presign whose first answer was lost answers this row again instead of a new one.
     */
    presign_key: text('presign_key'),
    /** Set once the bytes arrived and passed the checks (size, checksum, type by content). */
    uploaded_at: timestamp('uploaded_at', { withTimezone: true }),
    created_at: created(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('files_signed_unique').on(t.signed_id),
    index('files_org_purpose_idx').on(t.organization_id, t.purpose),
    uniqueIndex('files_presign_key_unique').on(t.user_id, t.presign_key),
    // The sweep of never-uploaded rows (storage-sweep.ts) finds them without reading every file.
    index('files_not_uploaded_idx').on(t.created_at).where(sql`${t.uploaded_at} IS NULL`),
  ],
);
