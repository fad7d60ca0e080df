/**
 * Where a notification leads when chosen (spec part 1 §2 "Notification bell"), as a pure decision
 * shared by the bell (app/) and the system notification (sync/): go_to opens a dashboard page
 * chosen by its index, download fetches the export file behind its id, no_action only marks it read.
 * A go_to 'leads' with an id (a new lead's notification) opens that lead: /dashboard/leads?id=.
 * A go_to 'billing' leads to "the payment-methods tab or invoices" (the spec names both): with an
 * id (the invoice it is about: ready, paid, failed) the invoices, without one (a card that expires)
 * the payment methods.
 * A system notification's download opens the overview with ?download=<export id>, and the bell
 * (on every dashboard page) downloads the file from there.
 *
 * Invariant: a 'navigate' target is always an in-app path under /dashboard (an index is never
 * taken as an address: no scheme, no `//`).
 */
import { dashboardPath, ROUTES } from './routes';

/** go_to indexes with their own page; any other index opens /dashboard/{index}. */
const GO_TO: Record<string, string> = {
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
    if (index === 'billing')
      return { kind: 'navigate', to: notification.id === null ? ROUTES.paymentMethods : ROUTES.invoices };
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

/** The query parameter that asks the dashboard to download an export's file (a system
 *  notification's click cannot fetch it itself: the file's link needs the session's headers). */
export const DOWNLOAD_PARAM = 'download';

/** Where a click on a system notification leads: its page; for a download, the overview
 *  with `?download=<export id>` (the bell there fetches the file); else the overview. */
export function notificationUrl(notification: NotificationTarget): string {
  const effect = notificationEffect(notification);
  if (effect.kind === 'navigate') return effect.to;
  if (effect.kind === 'download') return `${ROUTES.overview}?${DOWNLOAD_PARAM}=${effect.exportId}`;
  return ROUTES.overview;
}

/** The export id a dashboard address asks to download (`?download=<id>`), if a valid one. */
export function requestedDownload(search: string): number | null {
  const value = new URLSearchParams(search).get(DOWNLOAD_PARAM);
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}
