/**
 * Every unpaid invoice and its PDF kept on the device once the customer has signed in, wherever
 * they went (issue 48): the unpaid list (the query the "You owe" line's "View unpaid invoices"
 * asks, page by page) and each unpaid invoice's PDF, within the device's budget (prefetch-files.ts
 * MAX_PDFS and the storage share). Started with the app (registerInvoiceLiveEffects), carried out
 * by sync/prefetch-signed-in.ts. Offline, the invoices screen finds both: the list and its PDFs.
 */
import { INVOICES_PAGE_SIZE, type InvoicesQuery, InvoicesResponse } from '../../api/contracts/billing';
import { MAX_PDFS } from '../../sync/prefetch-files';
import { type PrefetchItem, prefetchRead } from '../../sync/prefetch-items';
import { keepAfterSignIn } from '../../sync/prefetch-signed-in';
import { INVOICES_PATH, invoicesPrefetch } from './billing-api';

/** The unpaid list's query as the invoices screen asks it (same key: same stored copy). */
export const unpaidQuery = (page: number, order: 'asc' | 'desc' = 'desc') =>
  ({ page, per_page: INVOICES_PAGE_SIZE, order, status: 'unpaid' }) satisfies InvoicesQuery;

/** A page of unpaid invoices, its PDFs, then the next page while PDFs are within MAX_PDFS. */
function unpaidPage(page: number): PrefetchItem {
  return prefetchRead(InvoicesResponse, INVOICES_PATH, { query: unpaidQuery(page) }, (data) => [
    ...invoicesPrefetch(data.invoices),
    ...(page < data.total_pages && page * INVOICES_PAGE_SIZE < MAX_PDFS ? [unpaidPage(page + 1)] : []),
  ]);
}

export function keepUnpaidInvoices(): () => void {
  return keepAfterSignIn(() => [unpaidPage(1)]);
}
