/**
 * The dashboard shell's calls and actions (spec part 1 §7): the notification list (kept in the
 * local database, where the bell reads it and the live channel will add to it), marking read,
 * the export file behind a download notification, identifying the user to the onboarding tool,
 * and refreshing the server's tabs.
 *
 * - Notification rows are per user (user_id in every key): a refresh replaces exactly one user's
 *   rows, in one transaction.
 * - Marking read changes the local row first, so the bell updates at once; the PUT carries an
 *   Idempotency-Key (the outbox will replay it when it exists; for now a failure is logged).
 */
import { request } from '../api/client';
import { type Notification, NotificationsResponse } from '../api/contracts/session';
import { ExportFileResponse, IdentifyResponse, MarkNotificationReadResponse } from '../api/contracts/shell';
import type { NotificationRow } from '../db/app-db';
import { db } from '../db/db';
import { peekSession, type Session, setSession } from '../db/session';
import { getUserSettings } from '../features/auth/auth-api';

export const getNotifications = () => request(NotificationsResponse, '/notifications', { toast: false });

export const putNotificationRead = (notificationId: number, idempotencyKey: string) =>
  request(MarkNotificationReadResponse, `/notifications/${notificationId}`, {
    method: 'PUT',
    headers: { 'Idempotency-Key': idempotencyKey },
    toast: false,
  });

export const getExportFile = (exportId: number) =>
  request(ExportFileResponse, `/notifications/export/${exportId}`, { toast: false });

export const postIdentify = (body: { user_id: number; email: string; name: string }) =>
  request(IdentifyResponse, '/onboarding/identify', { method: 'POST', body, quiet: true });

/** A random key for one write, also outside secure contexts (where randomUUID is missing). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const toRow = (userId: number, n: Notification): NotificationRow => ({ user_id: userId, ...n });

/** Fetches the list and replaces this user's stored notifications with it. */
export async function refreshNotifications(userId: number): Promise<void> {
  const { notifications } = await getNotifications();
  await db.transaction('rw', db.notifications, async () => {
    await db.notifications.where('user_id').equals(userId).delete();
    await db.notifications.bulkPut(notifications.map((n) => toRow(userId, n)));
  });
}

/** Marks a notification read, locally at once and then on the server. */
export async function markNotificationRead(userId: number, notificationId: number): Promise<void> {
  await db.notifications.update([userId, notificationId], { is_read: true });
  try {
    await putNotificationRead(notificationId, newIdempotencyKey());
  } catch (error) {
    console.warn('Could not mark the notification read', error);
  }
}

/** Identifies the user to the onboarding tool; a failure is only logged (spec part 1 §2). */
export async function identifyUser(session: Pick<Session, 'user_id' | 'user'>): Promise<void> {
  if (session.user_id === null || !session.user) return;
  const name = [session.user.first_name, session.user.last_name].filter(Boolean).join(' ');
  try {
    await postIdentify({ user_id: session.user_id, email: session.user.email, name });
  } catch (error) {
    console.warn('Onboarding identify failed', error);
  }
}

/** Refreshes the server's tabs for the header; keeps the stored ones when the call fails. */
export async function refreshTabs(userId: number): Promise<void> {
  try {
    const settings = await getUserSettings();
    const session = peekSession();
    // Signed out or someone else by now: these tabs are not theirs.
    if (session.user_id !== userId) return;
    if (JSON.stringify(settings.tabs) !== JSON.stringify(session.tabs))
      await setSession({ tabs: settings.tabs });
  } catch (error) {
    console.warn('Could not refresh the tabs', error);
  }
}
