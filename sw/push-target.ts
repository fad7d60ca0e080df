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
 * - A new lead's notification with a phone number offers two actions, "Call back" (the click's
 *   action 'call' dials its tel: link) and "Open"; a platform without actions shows neither and a
 *   click opens the lead.
 */
/// <reference types="vite/client" />
import type { PushPayload } from '../src/api/contracts/push';
import { PRODUCT_NAME } from '../src/lib/config';
import { type NotificationTarget, notificationUrl } from '../src/lib/notification-target';
import { telHref } from '../src/lib/phone';
import { ROUTES } from '../src/lib/routes';
import { isAppPath } from '../src/lib/sw-protocol';

export type PushClickData = { url: string; user_id: number; notification_id: number; tel?: string };

/** The click's action that dials the lead (the other, 'open', and none open the lead). */
export const CALL_ACTION = 'call';

/** Notification actions (not in every TypeScript DOM library yet). */
type ActionOptions = NotificationOptions & { actions?: { action: string; title: string }[] };

/** The lead a notification is about (a go_to 'leads' with an id), or null. */
export function notifiedLead(target: NotificationTarget): number | null {
  const id = target.id;
  return target.action === 'go_to' &&
    target.index?.trim() === 'leads' &&
    id !== null &&
    Number.isInteger(id) &&
    id > 0
    ? id
    : null;
}

export function pushTarget(target: NotificationTarget): string {
  const page = notificationUrl(target);
  if (target.action === 'go_to' && target.id !== null && page !== ROUTES.overview && !page.includes('?'))
    return `${page}?id=${target.id}`;
  return page;
}

export const notificationTag = (notificationId: number) => `notification-${notificationId}`;

/** The system notification of a push; `phone`: the notified lead's number, when it has one. */
export function pushDisplay(
  payload: PushPayload,
  phone: string | null = null,
): { title: string; options: ActionOptions } {
  const n = payload.notification;
  const tel = notifiedLead(n) === null ? null : telHref(phone);
  const data: PushClickData = {
    url: pushTarget(n),
    user_id: payload.user_id,
    notification_id: n.notification_id,
    ...(tel ? { tel } : {}),
  };
  return {
    title: PRODUCT_NAME,
    options: {
      body: n.message,
      tag: notificationTag(n.notification_id),
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data,
      ...(tel
        ? {
            actions: [
              { action: CALL_ACTION, title: 'Call back' },
              { action: 'open', title: 'Open' },
            ],
          }
        : {}),
    },
  };
}

/** A clicked notification's data: its in-app url (else the dashboard) and, from a push, whose it is. */
export function readClickData(data: unknown): {
  url: string;
  userId: number | null;
  notificationId: number | null;
  /** A tel: link with digits only (and a leading +), or null. */
  tel: string | null;
} {
  const raw = (data ?? {}) as { url?: unknown; user_id?: unknown; notification_id?: unknown; tel?: unknown };
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
  return {
    url: isAppPath(raw.url) ? raw.url : ROUTES.dashboard,
    userId: int(raw.user_id),
    notificationId: int(raw.notification_id),
    tel: typeof raw.tel === 'string' && /^tel:\+?\d{3,15}$/.test(raw.tel) ? raw.tel : null,
  };
}

/** Where a click goes: the tel: link for 'call' (when there is one), else the in-app page. */
export function clickDestination(
  click: { url: string; tel: string | null },
  action: string | undefined,
): { kind: 'call'; url: string } | { kind: 'open'; url: string } {
  return action === CALL_ACTION && click.tel
    ? { kind: 'call', url: click.tel }
    : { kind: 'open', url: click.url };
}
