/**
 * What a Web Push message becomes on the device, as pure decisions (unit-tested): the system
 * notification shown for it, and where a click on it leads.
 *
 * - Title is the product, body the message; the tag is the same one the page's live path uses
 *   (`notification-<id>`), so a notification seen over the live channel and then over push is
 *   one notification in the tray, not two.
 * - A click opens the notification's page (src/lib/notification-target.ts); a go_to with an id
 *   opens that record there (`?id=`, e.g. the lead's drawer). A download opens the overview
 *   with `?download=<export id>`, where the bell downloads the file.
 */
/// <reference types="vite/client" />
import type { PushPayload } from '../src/api/contracts/push';
import { PRODUCT_NAME } from '../src/lib/config';
import { type NotificationTarget, notificationUrl } from '../src/lib/notification-target';
import { ROUTES } from '../src/lib/routes';
import { isAppPath } from '../src/lib/sw-protocol';

export type PushClickData = { url: string; user_id: number; notification_id: number };

export function pushTarget(target: NotificationTarget): string {
  const page = notificationUrl(target);
  if (target.action === 'go_to' && target.id !== null && page !== ROUTES.overview && !page.includes('?'))
    return `${page}?id=${target.id}`;
  return page;
}

export const notificationTag = (notificationId: number) => `notification-${notificationId}`;

export function pushDisplay(payload: PushPayload): { title: string; options: NotificationOptions } {
  const n = payload.notification;
  const data: PushClickData = {
    url: pushTarget(n),
    user_id: payload.user_id,
    notification_id: n.notification_id,
  };
  return {
    title: PRODUCT_NAME,
    options: {
      body: n.message,
      tag: notificationTag(n.notification_id),
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data,
    },
  };
}

/** A clicked notification's data: its in-app url (else the dashboard) and, from a push, whose it is. */
export function readClickData(data: unknown): {
  url: string;
  userId: number | null;
  notificationId: number | null;
} {
  const raw = (data ?? {}) as { url?: unknown; user_id?: unknown; notification_id?: unknown };
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
  return {
    url: isAppPath(raw.url) ? raw.url : ROUTES.dashboard,
    userId: int(raw.user_id),
    notificationId: int(raw.notification_id),
  };
}
