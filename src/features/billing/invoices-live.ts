/**
 * Invoice live messages (spec part 1 §4): switch_status on an Invoice sets its status as the
 * invoices list shows it (paid -> 'Paid', failed -> 'Failed'); a failed one announces 'One-time
 * payment failed'. Registered at app start (app/install-handlers.ts), so a settlement that lands
 * while another screen is open is still stored and announced; the invoices list (use-invoices.ts)
 * overlays `invoiceStatus` on rows read before the message and refreshes itself, and a payment's
 * dialog (use-settlement.ts) reads the payment again. Registering also names every unpaid invoice
 * and its PDF as kept on the device for whoever signs in (unpaid-kept.ts), which the offline core
 * fetches once its layer is up (sync/prefetch-signed-in.ts startKeeping).
 * That module is imported later, not with this one: it brings billing-api.ts, whose request paths
 * read the endpoint registry of the core chunk this module loads with (a static import evaluated it
 * before the registry and the offline core failed to load), and it is billing's code, which has no
 * place in another screen's load: it is asked for once someone is signed in and the screen in front
 * of them has its reads (lib/reads-in-flight.ts), never on /login nor before a screen's content.
 */
import { db } from '../../db/db';
import { peekSession, subscribeSession } from '../../db/session';
import { afterScreenReads } from '../../lib/reads-in-flight';
import { type Announcement, registerLiveEffect } from '../../sync/live-effects';
import { integer, type LivePayload, objectOf, text } from '../../sync/live-payload';

export const PAYMENT_FAILED: Announcement = {
  kind: 'error',
  header: 'One-time payment failed',
  body: 'Please try another payment method',
};

const INVOICE_STATUSES = ['Paid', 'Pending', 'Partially paid', 'Cancelled', 'Unpaid', 'Failed'];

/** The wire's invoice status ('paid', 'failed', 'partially paid') as the invoices list shows it. */
export function invoiceStatusLabel(status: unknown): string | null {
  const raw = text(status)?.trim().toLowerCase();
  return INVOICE_STATUSES.find((label) => label.toLowerCase() === raw) ?? null;
}

const isInvoice = (payload: LivePayload) => objectOf(payload) === 'invoice';

export function registerInvoiceLiveEffects(): () => void {
  let stopKeeping: (() => void) | null = null;
  let stopped = false;
  let cancelLoad: (() => void) | null = null;
  const load = () => {
    if (cancelLoad || stopped) return;
    cancelLoad = afterScreenReads(() => {
      void import('./unpaid-kept')
        .then(({ keepUnpaidInvoices }) => {
          if (!stopped) stopKeeping = keepUnpaidInvoices();
        })
        .catch((error: unknown) => console.warn('Could not keep the unpaid invoices', error));
    });
  };
  const signedIn = () => peekSession().user_id !== null;
  const stopWatching = subscribeSession(() => {
    if (signedIn()) load();
  });
  if (signedIn()) load();
  const stopEffect = registerLiveEffect('switch_status', {
    tables: [db.invoiceStatus],
    apply: async (userId, payload, now) => {
      const id = integer(payload.id);
      const status = invoiceStatusLabel(payload.status);
      if (!isInvoice(payload) || id === null || !status) return;
      await db.invoiceStatus.put({ user_id: userId, invoice_id: id, status, updated_at: now });
    },
    announce: (payload) =>
      isInvoice(payload) && invoiceStatusLabel(payload.status) === 'Failed' ? PAYMENT_FAILED : null,
  });
  return () => {
    stopped = true;
    stopWatching();
    cancelLoad?.();
    stopKeeping?.();
    stopEffect();
  };
}
