/**
 * The bell's data as the offline core keeps it: the notifications table (filled by GET
 * /notifications refreshes and by the live channel) and its queued writes: marking a notification
 * read, and marking all read (up to the newest the user saw, so one arriving meanwhile stays unread).
 *
 * - Marking read changes the local row and queues the PUT in ONE transaction (outbox.ts), journaled
 *   before the tap's handler awaits anything (a tap that navigates at once keeps its read).
 * - A refresh never undoes a queued change: a notification with a PUT still in the outbox stays
 *   read locally whatever the server says. An answer served from the device's cache is ignored
 *   (the table already holds at least as much), and rows newer than the server's list (live
 *   messages that arrived meanwhile) are kept.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { requestCached } from '../api/client';
import { endpointPath } from '../api/contracts/endpoints';
import { NotificationsResponse } from '../api/contracts/session';
import type { NotificationRow } from '../db/app-db';
import { db } from '../db/db';
import { peekSession } from '../db/session';
import { queueWrite } from './outbox';
import { writesOfType } from './use-pending-writes';

const NOTIFICATIONS_PATH = endpointPath('GET /notifications');

export const MARK_READ_LABEL = 'Mark notification as read';
export const MARK_ALL_READ_LABEL = 'Mark all notifications as read';
const READ_ALL_TAG = 'notification-read-all';
/** The tag of a notification's mark-read write. */
const markReadTag = (notificationId: number) => ({ type: 'notification-read', id: notificationId });

/** Ids of notifications with a mark-read (one, or all up to an id) still in the user's outbox. */
async function pendingReadIds(userId: number): Promise<Set<number>> {
  const items = await writesOfType(userId, 'notification-read');
  const ids = new Set(items.map((item) => Number(item.tag?.id)));
  const upTo = Math.max(0, ...(await writesOfType(userId, READ_ALL_TAG)).map((item) => Number(item.tag?.id)));
  if (upTo > 0) {
    const rows = await db.notifications.where('user_id').equals(userId).toArray();
    for (const row of rows) if (row.notification_id <= upTo) ids.add(row.notification_id);
  }
  return ids;
}

/** Fetches the list and merges it into this user's stored notifications. */
export async function refreshNotifications(userId: number): Promise<void> {
  const answer = await requestCached(NotificationsResponse, NOTIFICATIONS_PATH, {
    toast: false,
    cache: 'network-only',
  });
  if (answer.fromCache || peekSession().user_id !== userId) return;
  const fresh = answer.data.notifications;
  const newest = Math.max(0, ...fresh.map((n) => n.notification_id));
  const listed = new Set(fresh.map((n) => n.notification_id));
  await db.transaction('rw', db.notifications, db.outbox, async () => {
    const pending = await pendingReadIds(userId);
    await db.notifications
      .where('user_id')
      .equals(userId)
      .filter((row) => !listed.has(row.notification_id) && row.notification_id < newest)
      .delete();
    await db.notifications.bulkPut(
      fresh.map((n) => ({ user_id: userId, ...n, is_read: n.is_read || pending.has(n.notification_id) })),
    );
  });
}

/**
 * Marks a notification read: at once locally, and through the outbox on the server. The write is
 * journaled before the first await (outbox.ts queueWrite): the tap usually navigates at once.
 */
export async function markNotificationRead(userId: number, notificationId: number): Promise<void> {
  const write = {
    userId,
    method: 'PUT' as const,
    path: endpointPath('PUT /notifications/:id', { id: notificationId }),
    label: MARK_READ_LABEL,
    refresh: [NOTIFICATIONS_PATH],
    tag: markReadTag(notificationId),
  };
  await queueWrite(write, [db.notifications], async () => {
    const row = await db.notifications.get([userId, notificationId]);
    if (!row || row.is_read) return false;
    await db.notifications.update([userId, notificationId], { is_read: true });
    return true;
  });
}

/**
 * Marks every notification the user has seen read (`upTo`: the newest id the bell showed): at
 * once locally, one request in the outbox, journaled in the tap's task like a single read.
 */
export async function markAllNotificationsRead(userId: number, upTo: number): Promise<void> {
  const write = {
    userId,
    method: 'PUT' as const,
    path: endpointPath('PUT /notifications/read_all'),
    body: { up_to: upTo },
    label: MARK_ALL_READ_LABEL,
    refresh: [NOTIFICATIONS_PATH],
    tag: { type: READ_ALL_TAG, id: upTo },
  };
  await queueWrite(write, [db.notifications], async () => {
    const rows = await db.notifications.where('user_id').equals(userId).toArray();
    const unread = rows.filter((n) => !n.is_read && n.notification_id <= upTo);
    if (unread.length === 0) return false;
    await db.notifications.bulkUpdate(
      unread.map((n) => ({ key: [userId, n.notification_id], changes: { is_read: true } })),
    );
    return true;
  });
}

export const isNotificationsPath = (path: string) => path === NOTIFICATIONS_PATH;

const newestFirst = (a: NotificationRow, b: NotificationRow) =>
  b.created_at.localeCompare(a.created_at) || b.notification_id - a.notification_id;

/** The signed-in user's notifications (newest first), unread count and ids still waiting to sync. */
export function useNotificationRows(userId: number | null) {
  const rows = useLiveQuery(
    () => (userId === null ? [] : db.notifications.where('user_id').equals(userId).toArray()),
    [userId],
    [] as NotificationRow[],
  );
  const pending = useLiveQuery(
    () => (userId === null ? new Set<number>() : pendingReadIds(userId)),
    [userId],
    new Set<number>(),
  );
  const notifications = [...rows].sort(newestFirst);
  return { notifications, unread: notifications.filter((n) => !n.is_read).length, pending };
}
