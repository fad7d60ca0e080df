/**
 * Where a notification leads when chosen (spec part 1 §2 "Notification bell"), as a pure decision
 * shared by the bell (app/) and the system notification (sync/): go_to opens a dashboard page
 * chosen by its index, download fetches the export file behind its id, no_action only marks it read.
 * A go_to 'leads' with an id (a new lead's notification) opens that lead: /dashboard/leads?id=.
 *
 * Invariant: a 'navigate' target is always an in-app path under /dashboard (an index is never
 * taken as an address: no scheme, no `//`).
 */
import { dashboardPath, ROUTES } from './routes';

/** go_to indexes with their own page; any other index opens /dashboard/{index}. */
const GO_TO: Record<string, string> = {
  billing: ROUTES.invoices,
  invoices: ROUTES.invoices,
  'payment-methods': ROUTES.paymentMethods,
  payment_methods: ROUTES.paymentMethods,
  campaigns: ROUTES.campaigns,
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
    if (
      index === 'leads' &&
      notification.id !== null &&
      Number.isInteger(notification.id) &&
      notification.id > 0
    )
      return { kind: 'navigate', to: `${dashboardPath('leads')}?id=${notification.id}` };
    if (/^[a-z0-9-]+(\/[a-z0-9-]+)?$/i.test(index)) return { kind: 'navigate', to: dashboardPath(index) };
  }
  return { kind: 'none' };
}

/** Where a click on a system notification leads: its page, else the overview. */
export function notificationUrl(notification: NotificationTarget): string {
  const effect = notificationEffect(notification);
  return effect.kind === 'navigate' ? effect.to : ROUTES.overview;
}
