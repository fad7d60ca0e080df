/**
 * The invoices list for the screen: the server's page (stale-while-revalidate through the read
 * cache, so a page seen before reads offline "as of"), with the live channel's invoice statuses
 * (db.invoiceStatus, written by invoices-live.ts) laid over rows older than the message.
 * A live status also refreshes the list, so the server's own row follows. The screen's own
 * patches (a payment's answer) lie over rows read before them the same way. `owed` is the
 * server's all-time figure that comes with every page.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef } from 'react';
import { type Invoice, type InvoicesQuery, InvoicesResponse } from '../../api/contracts/billing';
import { db } from '../../db/db';
import { useSession } from '../../db/use-session';
import { useCachedRead } from '../../sync/use-cached-read';
import { INVOICES_PATH } from './billing-api';

/** A row as the screen last learned it (a payment's answer), and when. */
export type InvoicePatch = { invoice: Invoice; at: number };

export function useInvoices(query: InvoicesQuery, patches: Map<number, InvoicePatch>) {
  const { user_id: userId } = useSession();
  const read = useCachedRead(InvoicesResponse, INVOICES_PATH, { query });
  const live = useLiveQuery(
    async () => (userId === null ? [] : db.invoiceStatus.where('user_id').equals(userId).toArray()),
    [userId],
    [],
  );
  const newest = live.reduce((at, row) => Math.max(at, row.updated_at), 0);
  const seen = useRef(newest);
  const { refresh } = read;
  useEffect(() => {
    if (newest > seen.current) {
      seen.current = newest;
      refresh();
    }
  }, [newest, refresh]);

  const rows = useMemo(() => {
    const stamp = read.asOf ?? 0;
    return (read.data?.invoices ?? []).map((invoice) => {
      const patch = patches.get(invoice.id);
      const patched = patch && patch.at > stamp ? patch.invoice : invoice;
      const status = live.find((row) => row.invoice_id === invoice.id && row.updated_at > stamp)?.status;
      return status ? { ...patched, status: status as Invoice['status'], payable: false } : patched;
    });
  }, [read.data, read.asOf, live, patches]);

  const data = read.data;
  return {
    rows,
    paging: data
      ? {
          current: data.current_page,
          total: data.total_pages,
          from: data.showing_from,
          to: data.showing_to,
          records: data.total_records,
        }
      : null,
    owed: data?.owed ?? null,
    loading: read.loading,
    offline: read.offline,
    asOf: read.asOf,
    error: read.error,
    refresh,
  };
}
