/**
 * Web Push in the service worker (issue 18): a push message is a notification for the signed-in
 * user of this device. It is written into the local notifications table (so the bell is right
 * when the app opens, even offline) and shown as a system notification unless a window of the
 * app is visible (the page then shows it in-app: no double notification). A click marks it read
 * through the outbox and opens its target (focusing an open window, which navigates in place).
 * A new lead's notification offers "Call back" (its phone, read by push-lead.ts) and "Open"; the
 * click's 'call' action dials the lead instead of opening it.
 *
 * - A message for another user than the device's stored session (the device changed hands and
 *   the old subscription has not been pruned yet) is dropped.
 * - Payloads are untrusted: anything that is not the PushPayload contract is ignored.
 */
/// <reference lib="webworker" />
import { is } from 'superstruct';
import { PushPayload } from '../src/api/contracts/push';
import { db } from '../src/db/db';
import type { WorkerMessage } from '../src/lib/sw-protocol';
import { markNotificationRead } from '../src/sync/notifications';
import { readStoredSession } from '../src/sync/session-headers';
import { syncOutbox } from './outbox-sync';
import { leadPhone } from './push-lead';
import { clickDestination, notifiedLead, pushDisplay, readClickData } from './push-target';

declare const self: ServiceWorkerGlobalScope;

async function storeNotification(payload: PushPayload): Promise<void> {
  const n = payload.notification;
  await db.transaction('rw', db.notifications, async () => {
    const known = await db.notifications.get([payload.user_id, n.notification_id]);
    // Read here already (or being marked read): a late push never makes it unread again.
    await db.notifications.put({
      user_id: payload.user_id,
      ...n,
      is_read: n.is_read || Boolean(known?.is_read),
    });
  });
}

export async function onPush(data: unknown): Promise<void> {
  if (!is(data, PushPayload)) return;
  const session = await readStoredSession();
  if (session.user_id !== data.user_id) return;
  await storeNotification(data);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.some((client) => client.visibilityState === 'visible')) return;
  const lead = notifiedLead(data.notification);
  const phone = lead === null ? null : await leadPhone(session, lead);
  const { title, options } = pushDisplay(data, phone);
  await self.registration.showNotification(title, options);
}

/**
 * A click on any of our notifications (live or push): mark read when it says whose, then open it,
 * or, for a new lead's "Call back" (`action` 'call'), dial the lead.
 */
export async function onNotificationClick(data: unknown, action?: string): Promise<void> {
  const click = readClickData(data);
  const { userId, notificationId } = click;
  const destination = clickDestination(click, action);
  if (userId !== null && notificationId !== null) {
    const session = await readStoredSession();
    if (session.user_id === userId) {
      await markNotificationRead(userId, notificationId).catch(() => undefined);
      void syncOutbox().catch(() => undefined);
    }
  }
  if (destination.kind === 'call') {
    await self.clients.openWindow(destination.url);
    return;
  }
  const url = destination.url;
  const windows = await self.clients.matchAll({ type: 'window' });
  const open = windows[0];
  if (open) {
    await open.focus();
    const message: WorkerMessage = { type: 'NAVIGATE', url };
    open.postMessage(message);
  } else {
    await self.clients.openWindow(url);
  }
}

export function installPushHandlers(): void {
  self.addEventListener('push', (event) => {
    let data: unknown = null;
    try {
      data = event.data?.json() ?? null;
    } catch {
      return;
    }
    event.waitUntil(onPush(data));
  });
}
