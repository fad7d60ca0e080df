/**
 * The phone tab bar's badges: the user's unread notifications counted by the section they open
 * (lib/notification-target.ts), so a new lead's unread notification counts on Leads and a failed
 * invoice's on Billing. A notification that opens no page (a download, no_action) counts on no
 * tab: the bell still shows it. Pure.
 */
import { type NotificationTarget, notificationEffect } from '@/lib/notification-target';
import { tabArea } from './tabs';

export type UnreadNotification = NotificationTarget & { is_read: boolean };

/** Unread notifications per area: `{ leads: 2, billing: 1 }`. */
export function unreadByArea(notifications: readonly UnreadNotification[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const notification of notifications) {
    if (notification.is_read) continue;
    const effect = notificationEffect(notification);
    if (effect.kind !== 'navigate') continue;
    const area = tabArea(effect.to);
    if (area) counts.set(area, (counts.get(area) ?? 0) + 1);
  }
  return counts;
}

/** The badge's text: the count, '99+' past 99. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));
