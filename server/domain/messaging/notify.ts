/**
 * Creates a notification for a user and announces it on the live channel in one step, so the
 * bell and the stream never disagree; in the same transaction it is queued as Web Push to the
 * user's subscriptions (domain/messaging/push.ts), so the tray gets the same notification (same id). Used by
 * the simulator, exports and the dev emitter.
 * Also the bell's reads: the newest 100 of a user, and marking one or all read (only the user's own).
 */
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/shell';
import type { LiveBus } from './live-bus';
import { enqueuePushes } from './push';

export type NewNotification = {
  message: string;
  action: 'go_to' | 'download' | 'no_action';
  index?: string | null;
  id?: number | null;
};

export async function notifyUser(db: Db, live: LiveBus, userId: number, input: NewNotification) {
  const [row] = await db
    .insert(notifications)
    .values({
      user_id: userId,
      message: input.message,
      action: input.action,
      index: input.index ?? null,
      target_id: input.id ?? null,
    })
    .returning();
  const notification = toNotification(row);
  await live.publish(db, userId, { message_type: 'notification', notification });
  await enqueuePushes(db, userId, notification);
  return notification;
}

/** A notification row as the wire has it (spec part 1 §3 "Notification"). */
export const toNotification = (n: typeof notifications.$inferSelect) => ({
  notification_id: n.id,
  message: n.message,
  action: n.action as NewNotification['action'],
  index: n.index,
  id: n.target_id,
  is_read: n.is_read,
  created_at: n.created_at.toISOString(),
});

export async function listNotifications(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.user_id, userId))
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(100);
  return rows.map(toNotification);
}

/** The notification, now read; null when it is not the user's (or does not exist). */
export async function markNotificationRead(db: Db, userId: number, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ is_read: true })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning();
  return row ? toNotification(row) : null;
}

/** Marks read every unread notification of the user with an id up to `upTo`; answers how many. */
export async function markAllNotificationsRead(db: Db, userId: number, upTo: number) {
  const rows = await db
    .update(notifications)
    .set({ is_read: true })
    .where(
      and(eq(notifications.user_id, userId), eq(notifications.is_read, false), lte(notifications.id, upTo)),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
