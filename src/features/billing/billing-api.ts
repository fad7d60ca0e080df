/**
 * The billing screens' one file with effects: request paths, paying an invoice, downloading its
 * PDF (offline: the copy kept on the device, sync/prefetch-files.ts) and changing saved payment
 * methods (assign, edit, delete).
 *
 * - The PDFs of unpaid invoices on a loaded page are kept on the device (invoicesPrefetch), so
 *   the PDF button works offline for them; any other PDF needs a connection.
 * - Money and payment methods never queue (DESIGN "Writes"): each action calls
 *   requireConnection() first, so offline it throws "You're offline - this needs a connection"
 *   and nothing is sent or stored.
 * - Paying carries an Idempotency-Key made once per pay dialog (`newPaymentKey`): a double click,
 *   a retry after a timeout or a re-submit from the same dialog is one payment on the server; a
 *   request with another key for the settling payment (same method and amount) gets that payment
 *   back, so it is never a second charge nor a false "cannot be paid".
 * - A payment settles after its request is answered: `getInvoicePayment` reads how it stands
 *   (from the network only, so a settling payment is never read back as settled from a copy).
 */

import { api, request } from '../../api/client';
import {
  type AssignAccountsBody,
  type EditPaymentMethodBody,
  type Invoice,
  InvoicePaymentResponse,
  type PayInvoiceBody,
  PayInvoiceResponse,
} from '../../api/contracts/billing';
import { pathOf } from '../../api/contracts/declarations';
import type { PaymentPlatform } from '../../api/contracts/payments';
import { billingApi } from '../../api/contracts/routes/billing';
import { ApiError } from '../../api/errors';
import { isOffline } from '../../sync/connectivity';
import { requireConnection } from '../../sync/connectivity-guard';
import { invoicePdfKey, readFile } from '../../sync/prefetch-files';
import { type PrefetchItem, prefetchFile } from '../../sync/prefetch-items';

export const INVOICES_PATH = billingApi.getInvoices.path;
export const PAYMENT_METHODS_PATH = billingApi.getPaymentMethods.path;
/** The list reloads this long after a payment request (spec part 3 §4). */
export const RELOAD_AFTER_PAY_MS = 1500;

export const newPaymentKey = () => `pay-${crypto.randomUUID()}`;

export function payInvoice(invoiceId: number, body: PayInvoiceBody, idempotencyKey: string) {
  requireConnection();
  return request(PayInvoiceResponse, `${INVOICES_PATH}/${invoiceId}`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    toast: false,
  });
}

/** How a payment of the invoice stands now (pending while it settles). */
export function getInvoicePayment(invoiceId: number, paymentId: number) {
  return request(InvoicePaymentResponse, `${INVOICES_PATH}/${invoiceId}/payments/${paymentId}`, {
    cache: 'network-only',
    toast: false,
  });
}

/** 'INV-2026-00042.pdf': the server's name for the file. */
export const pdfFileName = (invoice: Pick<Invoice, 'name'>) =>
  `${invoice.name.replace(/[^\w.-]+/g, '-')}.pdf`;

/** Unpaid invoices: their PDFs are kept on the device for offline use (sync/prefetch.ts). */
const UNPAID: readonly Invoice['status'][] = ['Unpaid', 'Partially paid', 'Failed'];

/** What the invoices list keeps for offline use: the PDFs of the unpaid invoices on its page. */
export function invoicesPrefetch(rows: readonly Invoice[]): PrefetchItem[] {
  return rows
    .filter((invoice) => UNPAID.includes(invoice.status))
    .map((invoice) => prefetchFile(invoicePdfKey(invoice.id), 'pdf', Date.parse(invoice.created_at) || 0));
}

const NO_CONNECTION = 'The invoice could not be downloaded: no connection';

/** The PDF: from the server, or offline (or with no answer) the copy kept on this device. */
async function invoicePdf(userId: number | null, invoice: Invoice): Promise<Blob> {
  const stored = async () => (userId === null ? null : await readFile(userId, invoicePdfKey(invoice.id)));
  if (isOffline()) {
    const copy = await stored();
    if (copy) return copy.blob;
    requireConnection();
  }
  try {
    return await api(`${INVOICES_PATH}/${invoice.id}`, { responseType: 'blob' });
  } catch (error) {
    const status = (error as { status?: number }).status ?? 0;
    const copy = status ? null : await stored();
    if (copy) return copy.blob;
    throw new ApiError(status, status ? 'The invoice could not be downloaded' : NO_CONNECTION);
  }
}

/** Saves the invoice's PDF under its number (offline: the copy kept on this device, if any). */
export async function downloadInvoicePdf(userId: number | null, invoice: Invoice): Promise<void> {
  const blob = await invoicePdf(userId, invoice);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = pdfFileName(invoice);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function assignAccounts(platform: PaymentPlatform, body: AssignAccountsBody) {
  requireConnection();
  const endpoint = billingApi.postPlatformPaymentMethodsUpdate;
  return request(endpoint.response, pathOf(endpoint, { platform }), {
    method: endpoint.method,
    body,
    toast: false,
  });
}

export function editPaymentMethod(platform: PaymentPlatform, id: number, body: EditPaymentMethodBody) {
  requireConnection();
  // Failures toast through the shared policy: the payment form shows only offline and field errors.
  const endpoint = billingApi.postPlatformPaymentMethodsIdEdit;
  return request(endpoint.response, pathOf(endpoint, { platform, id }), { method: endpoint.method, body });
}

export function deletePaymentMethod(platform: PaymentPlatform, id: number) {
  requireConnection();
  const endpoint = billingApi.deletePlatformPaymentMethodsId;
  return request(endpoint.response, pathOf(endpoint, { platform, id }), {
    method: endpoint.method,
    toast: false,
  });
}
