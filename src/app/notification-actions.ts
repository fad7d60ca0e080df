/**
 * What a notification does when chosen (spec part 1 §2 "Notification bell"), as pure decisions:
 * go_to opens a dashboard page chosen by its index, download fetches the export file behind its
 * id, no_action only marks it read. Also the 70-character cut of the list.
 */

export const DESCRIPTION_LIMIT = 70;

/** go_to indexes with their own page; any other index opens /dashboard/{index}. */
const GO_TO: Record<string, string> = {
  billing: '/dashboard/billing/invoices',
  invoices: '/dashboard/billing/invoices',
  'payment-methods': '/dashboard/billing/payment-methods',
  payment_methods: '/dashboard/billing/payment-methods',
  campaigns: '/dashboard/campaigns',
};

/** The fields that decide what a notification does (a stored row has a plain string action). */
export type NotificationTarget = { action: string; index: string | null; id: number | null };

export type NotificationEffect =
  | { kind: 'navigate'; to: string }
  | { kind: 'download'; exportId: number }
  | { kind: 'expired' }
  | { kind: 'none' };

export function notificationEffect(notification: NotificationTarget): NotificationEffect {
  if (notification.action === 'download') {
    return notification.id === null ? { kind: 'expired' } : { kind: 'download', exportId: notification.id };
  }
  if (notification.action === 'go_to' && notification.index) {
    const index = notification.index.trim();
    const known = GO_TO[index];
    if (known) return { kind: 'navigate', to: known };
    if (/^[a-z0-9-]+(\/[a-z0-9-]+)?$/i.test(index)) return { kind: 'navigate', to: `/dashboard/${index}` };
  }
  return { kind: 'none' };
}

/** The list's short form of a message: cut at 70 characters, on a word when one is near. */
export function truncate(message: string, limit = DESCRIPTION_LIMIT): { text: string; cut: boolean } {
  const clean = message.trim();
  if (clean.length <= limit) return { text: clean, cut: false };
  const slice = clean.slice(0, limit);
  const space = slice.lastIndexOf(' ');
  return { text: `${(space > limit - 15 ? slice.slice(0, space) : slice).trimEnd()}…`, cut: true };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** '3 days ago', 'in 2 hours', 'now': when a notification arrived, relative to `now`. */
export function timeAgo(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const elapsed = at - now;
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return format.format(Math.round(elapsed / size), unit);
  }
  return 'just now';
}
