/**
 * /dashboard/billing/invoices (spec part 3 §2.11, §4): the date range (Month to date by default),
 * Export CSV through the toolbar's export flow, the invoices table with its pagination, the Pay
 * Now flow and the PDF download. Owns the screen's state (range, sort, page).
 *
 * - Changing the range or the sort goes back to page 1.
 * - "You owe $X across N invoices" is the server's all-time figure (invoices-owed.tsx), so a range
 *   of paid invoices still says what is owed; its link lists every unpaid invoice, of any date.
 * - After a payment request the row shows the answer's status at once and the list reloads
 *   after 1.5 s; the pay dialog follows the settlement and the row takes its outcome, as does
 *   the live channel's paid / failed status. A paid row opens its receipt; a Failed one says what
 *   happened and what to do (failed-charge.tsx).
 * - Staff impersonating the customer see the invoices, with paying off and the reason said.
 * - An empty list says why it is empty and what comes next, under the spec's 'No data available'.
 * - Read offline from the device's copy with "as of"; a range never loaded here offers the last
 *   one loaded (widgets/last-loaded). Paying needs a connection; the PDFs of the unpaid invoices
 *   on a loaded page are kept on the device (billing-api.ts invoicesPrefetch), so they open offline;
 *   every unpaid invoice and its PDF is kept from sign-in on (unpaid-kept.ts), so offline a range
 *   never loaded still says what is owed (from the kept unpaid list) and its link opens that list.
 * Default export: loaded lazily by the dashboard's route table.
 */
import './billing.css';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { readLastLoaded, useRememberLoaded } from '@/widgets/last-loaded/last-loaded';
import { NotLoadedOffer, RANGE_NOT_LOADED } from '@/widgets/last-loaded/not-loaded-offer';
import type { Invoice } from '../../api/contracts/billing';
import { INVOICES_PAGE_SIZE, InvoicesResponse } from '../../api/contracts/billing';
import { UserSettings } from '../../api/contracts/session';
import { ApiError } from '../../api/errors';
import { useSession } from '../../db/use-session';
import { type DateRange, defaultDateRange, rangeLabel } from '../../lib/date-range';
import { afterNextPaint } from '../../lib/next-task';
import { usePrefetch } from '../../sync/prefetch';
import { NOT_CACHED_MESSAGE } from '../../sync/response-cache';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { useCachedRead } from '../../sync/use-cached-read';
import { DateRangePicker } from '../../ui/inputs/date-range-picker';
import { Pagination } from '../../ui/table/pagination';
import { toastError } from '../../ui/toast';
import { useExport } from '../../widgets/toolbar/use-export';
import { downloadInvoicePdf, INVOICES_PATH, invoicesPrefetch, RELOAD_AFTER_PAY_MS } from './billing-api';
import { BillingTabs } from './billing-tabs';
import { FailedChargeDialog } from './failed-charge';
import { focusInvoiceRow } from './focus-row';
import { InvoicesOwed } from './invoices-owed';
import { InvoicesTable } from './invoices-table';
import { ReceiptDialog } from './receipt-dialog';
import { STAFF_MONEY_NOTE, STAFF_NOTE_ID, useStaffView } from './staff-view';
import { unpaidQuery } from './unpaid-kept';
import { type InvoicePatch, useInvoices } from './use-invoices';

// The pay dialog and its payment form are not part of the first screen: their code loads once the
// invoices are painted (so Pay opens at once), not before.
const loadPayDialog = () => import('./pay-dialog');
const PayDialog = lazy(() => loadPayDialog().then((module) => ({ default: module.PayDialog })));

/** What the screen remembers as last loaded, and offers offline for a range never loaded here. */
type Loaded = { range: DateRange; order: 'asc' | 'desc'; page: number };

/** Why the list is empty and what comes next (under the table's 'No data available'). */
function emptyWhy(unpaidOnly: boolean, owed: number): string {
  if (unpaidOnly)
    return 'Nothing is owed: every invoice is paid. New invoices appear here when they are issued.';
  if (owed > 0)
    return 'No invoices were issued in these dates. What you still owe is from other dates: see it with View unpaid invoices.';
  return 'No invoices were issued in these dates. Invoices appear here when you are billed, at the start of each billing cycle; pick a longer date range to see older ones.';
}

export default function InvoicesPage() {
  const { user_id: userId } = useSession();
  const zone = useCachedRead(UserSettings, '/user/settings').data?.time_zone ?? null;
  const [range, setRange] = useState<{ value: DateRange; touched: boolean }>(() => ({
    value: defaultDateRange(zone),
    touched: false,
  }));
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [receipt, setReceipt] = useState<Invoice | null>(null);
  const [failed, setFailed] = useState<Invoice | null>(null);
  const [unpaidOnly, setUnpaidOnly] = useState(false);
  const staff = useStaffView();
  const [patches, setPatches] = useState(() => new Map<number, InvoicePatch>());
  const [downloading, setDownloading] = useState<number | null>(null);
  const exporter = useExport(userId, 'invoices');

  // Month to date in the customer's zone, once their zone is known (until they pick dates).
  useEffect(() => {
    if (zone) setRange((r) => (r.touched ? r : { value: defaultDateRange(zone), touched: false }));
  }, [zone]);

  const query = useMemo(
    () =>
      unpaidOnly
        ? unpaidQuery(page, order)
        : {
            page,
            per_page: INVOICES_PAGE_SIZE,
            order,
            start_date: range.value.start_date,
            end_date: range.value.end_date,
          },
    [page, order, range, unpaidOnly],
  );
  const view = useInvoices(query, patches);
  const listed = view.rows.length > 0;
  // A load that fails here (offline before the worker has stored it) is no error: Pay Now asks again.
  useEffect(
    () => (listed ? afterNextPaint(() => void loadPayDialog().catch(() => undefined)) : undefined),
    [listed],
  );
  const { refresh } = view;
  const notLoaded = view.error?.message === NOT_CACHED_MESSAGE;
  const loaded = useMemo<Loaded>(() => ({ range: range.value, order, page }), [range.value, order, page]);
  // Once this range's own answer is in (while it loads, the last range's rows are still shown).
  useRememberLoaded('invoices', loaded, view.asOf !== null && !view.offline && !view.loading);
  const last = notLoaded ? readLastLoaded<Loaded>('invoices') : null;
  // A range not on the device: what is owed comes from the unpaid list kept since sign-in.
  const kept = useCachedRead(InvoicesResponse, notLoaded ? INVOICES_PATH : null, {
    query: unpaidQuery(1),
  }).data?.owed;
  const owed = view.owed ?? (notLoaded ? (kept ?? null) : null);
  usePrefetch(useMemo(() => (view.offline ? null : invoicesPrefetch(view.rows)), [view.rows, view.offline]));

  // The row takes what the payment says at once; the list reloads 1.5 s later (spec part 3 §4).
  const changed = useCallback(
    (invoice: Invoice) => {
      setPatches((p) => new Map(p).set(invoice.id, { invoice, at: Date.now() }));
      setTimeout(refresh, RELOAD_AFTER_PAY_MS);
    },
    [refresh],
  );

  async function download(invoice: Invoice) {
    setDownloading(invoice.id);
    try {
      await downloadInvoicePdf(userId, invoice);
    } catch (error) {
      toastError('Error', error instanceof ApiError ? error.message : String(error));
    } finally {
      setDownloading(null);
    }
  }

  const exportBusy = exporter.state.kind === 'exporting' || exporter.state.kind === 'waiting';
  return (
    <section className="billing-page" aria-labelledby="invoices-title">
      <title>Invoices</title>
      <div className="billing-page__head">
        <h1 id="invoices-title" className="billing-page__title">
          Billing
        </h1>
        <OfflineBadge offline={view.offline} asOf={view.asOf} />
      </div>
      <BillingTabs />
      {staff ? (
        <p id={STAFF_NOTE_ID} className="billing-staff-note" role="note">
          {STAFF_MONEY_NOTE}
        </p>
      ) : null}
      <div className="billing-toolbar">
        <DateRangePicker
          id="invoices-range"
          label="Date range"
          hideLabel
          value={range.value}
          timeZone={zone}
          onChange={(value) => {
            setRange({ value, touched: true });
            setUnpaidOnly(false);
            setPage(1);
          }}
        />
        <button
          type="button"
          className="button button--ghost"
          disabled={exportBusy}
          onClick={() =>
            void exporter.start({ start_date: range.value.start_date, end_date: range.value.end_date, order })
          }
        >
          {exporter.state.kind === 'exporting' ? 'Exporting' : 'Export CSV'}
        </button>
        {exporter.state.kind === 'waiting' ? (
          <p className="billing-toolbar__status" role="status">
            Export in progress
          </p>
        ) : null}
        {exporter.state.kind === 'ready' ? (
          <p className="billing-toolbar__status" role="status">
            Your export is ready.{' '}
            <button
              type="button"
              className="link-button"
              onClick={() =>
                exporter.state.kind === 'ready' && void exporter.download(exporter.state.exportId)
              }
            >
              Click to download
            </button>
          </p>
        ) : null}
      </div>
      {owed ? (
        <InvoicesOwed
          owed={owed}
          unpaidOnly={unpaidOnly}
          onShowUnpaid={() => {
            setUnpaidOnly(true);
            setPage(1);
          }}
          onShowAll={() => {
            setUnpaidOnly(false);
            setPage(1);
          }}
        />
      ) : view.loading ? (
        // The line's place while the list loads: its arrival never pushes the table down (a
        // no-break space: a plain one collapsed, and the line had no height).
        <p className="invoices-owed invoices-owed--pending" aria-hidden="true">
          {'\u00a0'}
        </p>
      ) : null}
      {notLoaded ? (
        <NotLoadedOffer
          message={RANGE_NOT_LOADED}
          offer={last ? rangeLabel(last.range) : null}
          onUse={() => {
            if (!last) return;
            setRange({ value: last.range, touched: true });
            setOrder(last.order);
            setPage(last.page);
          }}
        />
      ) : view.error && !view.rows.length ? (
        <p className="billing-page__error" role="alert">
          {view.error.message}
        </p>
      ) : null}
      <InvoicesTable
        rows={view.rows}
        sort={{ by: 'created_at', order }}
        onSort={() => {
          setOrder((o) => (o === 'desc' ? 'asc' : 'desc'));
          setPage(1);
        }}
        onPay={setPaying}
        onReceipt={setReceipt}
        onFailed={setFailed}
        staff={staff}
        onDownload={(invoice) => void download(invoice)}
        downloading={downloading}
        zone={zone}
        loading={view.loading}
      />
      {!view.rows.length && !view.loading && !view.error && view.asOf !== null ? (
        <p className="billing-empty-why">{emptyWhy(unpaidOnly, view.owed?.count ?? 0)}</p>
      ) : null}
      {view.paging ? <Pagination {...view.paging} onPage={setPage} label="Invoices pages" /> : null}
      {paying ? (
        <Suspense fallback={null}>
          <PayDialog
            invoice={paying}
            zone={zone}
            onClose={() => {
              setPaying(null);
              focusInvoiceRow(paying.id);
            }}
            onChange={changed}
          />
        </Suspense>
      ) : null}
      {failed ? (
        <FailedChargeDialog
          invoice={failed}
          zone={zone}
          onClose={() => {
            setFailed(null);
            focusInvoiceRow(failed.id);
          }}
        />
      ) : null}
      {receipt ? (
        <ReceiptDialog
          invoice={receipt}
          zone={zone}
          downloading={downloading === receipt.id}
          onDownload={(invoice) => void download(invoice)}
          onClose={() => {
            setReceipt(null);
            focusInvoiceRow(receipt.id);
          }}
        />
      ) : null}
    </section>
  );
}
