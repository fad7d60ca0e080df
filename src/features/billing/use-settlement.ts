/**
 * Follows one payment from its request to its outcome (spec part 3 §4 "Pay flow"): the server
 * answers the pay request while the provider still settles the charge, so the dialog reads the
 * payment until it is no longer pending.
 *
 * - Reads again every SETTLE_POLL_MS, and at once when the live channel says the invoice changed
 *   (db.invoiceStatus, written by invoices-live.ts), whichever comes first.
 * - A read that fails (slow or lost connection) is not an outcome: the payment is still settling
 *   as far as the customer knows, so it keeps trying, more slowly. Nothing here says "failed"
 *   unless the server's payment does.
 * - Stops when the payment settles or the dialog closes (unmount).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { InvoicePaymentResponse } from '../../api/contracts/billing';
import { db } from '../../db/db';
import { useSession } from '../../db/use-session';
import { getInvoicePayment } from './billing-api';

export const SETTLE_POLL_MS = 1000;
const MAX_POLL_MS = 8000;

/** The payment as last read: null until the first read answers. */
export function useSettlement(invoiceId: number, paymentId: number | null): InvoicePaymentResponse | null {
  const { user_id: userId } = useSession();
  const [state, setState] = useState<InvoicePaymentResponse | null>(null);
  const settled = useRef(false);
  const live = useLiveQuery(
    async () => (userId === null ? undefined : (await db.invoiceStatus.get([userId, invoiceId]))?.updated_at),
    [userId, invoiceId],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `live` only says "read again now".
  useEffect(() => {
    if (paymentId === null || settled.current) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = SETTLE_POLL_MS;
    const read = async () => {
      try {
        const answer = await getInvoicePayment(invoiceId, paymentId);
        if (stopped) return;
        setState(answer);
        if (answer.payment.status !== 'pending') {
          settled.current = true;
          return;
        }
        wait = SETTLE_POLL_MS;
      } catch {
        wait = Math.min(wait * 2, MAX_POLL_MS);
      }
      if (!stopped) timer = setTimeout(() => void read(), wait);
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [invoiceId, paymentId, live]);

  return state;
}
