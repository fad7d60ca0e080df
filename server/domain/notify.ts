/**
 * Creates a notification for a user and announces it on the live channel in one step, so the
 * bell and the stream never disagree. Used by the simulator, exports and the dev emitter.
 */
import type { Db } from '../db/client';
import { notifications } from '../db/schema/shell';
import type { LiveBus } from './live-bus';

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
