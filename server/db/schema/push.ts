/**
 * Web Push (issue 18): the browsers' push subscriptions and the server's VAPID key pair.
 *
 * - A subscription (its endpoint is unique) belongs to exactly one user; subscribing the same
 *   endpoint as another user moves it. session_id is the session that subscribed it: signing out
 *   of that session removes it, so a shared device stops getting the previous user's notifications.
 * - server_keys holds generated key material the instances share (the VAPID pair, made on first
 *   start unless configured).
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions, users } from './identity';

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    session_id: integer('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.user_id),
  ],
);

export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
