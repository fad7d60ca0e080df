/**
 * A new notification as a system notification, while the app is hidden and the user granted the
 * permission. The page holding the live channel hands it to the service worker, which shows it only
 * when no window of the app is visible; a click opens the portal at the notification's target
 * (an open window is told to navigate in place, so nothing typed there is lost).
 */
import { is } from 'superstruct';
import { Notification as NotificationShape } from '@/api/contracts/session';
import { PRODUCT_NAME } from '@/lib/config';
import { notificationUrl } from '@/lib/notification-target';
import type { LiveNotificationMessage } from '@/lib/sw-protocol';

export { notificationUrl };
export type SystemNotification = LiveNotificationMessage;

const permissionGranted = () => typeof Notification !== 'undefined' && Notification.permission === 'granted';

/** For a stored live message: shows it as a system notification when it is one and the app is hidden. */
export function showSystemNotification(payload: unknown): void {
  if (!permissionGranted() || typeof payload !== 'object' || payload === null) return;
  const { message_type: kind, notification } = payload as { message_type?: unknown; notification?: unknown };
  if (kind !== 'notification' || !is(notification, NotificationShape)) return;
  const message: SystemNotification = {
    type: 'LIVE_NOTIFICATION',
    title: PRODUCT_NAME,
    body: notification.message,
    tag: `notification-${notification.notification_id}`,
    url: notificationUrl(notification),
  };
  const controller = navigator.serviceWorker?.controller;
  if (controller) {
    controller.postMessage(message);
  } else if (document.visibilityState === 'hidden') {
    const shown = new Notification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icon-192.png',
    });
    shown.onclick = () => {
      window.focus();
      window.location.assign(message.url);
    };
  }
}

/** Asks for the permission (from a click). Answers whether notifications may be shown. */
export async function requestNotificationPermission(): Promise<boolean> {
  if (typeof Notification === 'undefined') return false;
  if (Notification.permission !== 'default') return Notification.permission === 'granted';
  return (await Notification.requestPermission()) === 'granted';
}
