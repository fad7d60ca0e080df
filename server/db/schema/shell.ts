/**
 * What the dashboard shell reads: linked accounts per platform (which decide a user's platforms),
 * the server-supplied tabs, notifications and the persisted live messages.
 */
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './identity';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A linked account (spec part 2 "Linked account"): one per location and platform. Every
 * customer-owned record (leads, campaigns, facts, invoices) hangs off an account, so tenant
 * scoping is "account.organization_id = caller's organization".
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    ref_id: text('ref_id').notNull(),
    platform: text('platform').notNull(),
    brand: text('brand'),
    name: text('name').notNull(),
    username: text('username'),
    status: text('status').notNull().default('active'),
    is_immutable: boolean('is_immutable').notNull().default(false),
    city: text('city'),
    state: text('state'),
    zipcode: text('zipcode'),
    has_settings: boolean('has_settings').notNull().default(true),
    show_multiple_destination_phones: boolean('show_multiple_destination_phones').notNull().default(false),
    settings: jsonb('settings').$type<Record<string, string | null>>().notNull().default({}),
    /** The lead transfer settings' version (server/lib/versions.ts), raised by each save. */
    settings_version: integer('settings_version').notNull().default(1),
    created_at: created(),
  },
  (t) => [index('accounts_org_idx').on(t.organization_id)],
);

/** Top-level tabs the server supplies per user, in order. */
export const tabs = pgTable(
  'tabs',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    subtabs: jsonb('subtabs').$type<{ name: string; path: string }[]>(),
  },
  (t) => [index('tabs_user_idx').on(t.user_id)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    action: text('action').notNull(),
    index: text('index'),
    target_id: integer('target_id'),
    is_read: boolean('is_read').notNull().default(false),
    created_at: created(),
  },
  (t) => [index('notifications_user_idx').on(t.user_id, t.created_at)],
);

/**
 * Every live message, per user, with a monotonic id: the SSE channel replays from
 * Last-Event-ID out of this table.
 */
export const liveMessages = pgTable(
  'live_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    created_at: created(),
  },
  (t) => [index('live_messages_user_idx').on(t.user_id, t.id)],
);
