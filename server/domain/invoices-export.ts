/**
 * The invoices CSV (spec part 3 §4 "Invoice export", §7 "/invoices/export"): every invoice of the
 * request's dates in the list's order, the list's columns, times in the organization's time zone.
 * Registered as the 'invoices' type of the toolbar's export flow (routes/exports.ts).
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { ExportBody } from '../../src/api/contracts/toolbar';
import type { Db } from '../db/client';
import { invoices } from '../db/schema/billing';
import { accounts } from '../db/schema/shell';
import { csvLine } from './csv';
import { keysetPages } from './export-pages';
import type { Exporter } from './exports';
import { type InvoiceScope, invoiceRowsQuery, invoicesWhere, toInvoice } from './invoices';

const BATCH = 2000;

export type InvoiceExportParams = { scope: InvoiceScope; body: ExportBody };

const HEADER = [
  'Date & Time',
  'Invoice',
  'Product',
  'Platform',
  'Account',
  'Payment Method',
  'Status',
  'Due Date',
  'Amount',
  'Outstanding',
];

export const invoicesExporter: Exporter<InvoiceExportParams> = {
  label: 'Invoices',
  async count(db, { scope, body }) {
    const [row] = await db
      .select({ n: count() })
      .from(invoices)
      .innerJoin(accounts, eq(accounts.id, invoices.account_id))
      .where(invoicesWhere(scope, body));
    return Number(row.n);
  },
  async *lines(db: Db, { scope, body }) {
    yield csvLine(HEADER);
    const when = new Intl.DateTimeFormat('en-CA', {
      timeZone: scope.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const descending = body.order !== 'asc';
    const direction = descending ? desc : asc;
    const pages = keysetPages(
      invoices.created_at,
      invoices.id,
      descending,
      BATCH,
      (next) =>
        invoiceRowsQuery(db)
          .where(and(invoicesWhere(scope, body), next))
          .orderBy(direction(invoices.created_at), direction(invoices.id))
          .limit(BATCH),
      (row) => ({ value: row.cursor, id: row.invoice.id }),
    );
    for await (const rows of pages) {
      for (const row of rows) {
        const i = toInvoice(row);
        const method =
          i.payment_method && typeof i.payment_method === 'object'
            ? i.payment_method.type === 'ach'
              ? `ACH - ${i.payment_method.account_number ?? ''}`
              : `${i.payment_method.brand ?? 'Card'} **** ${i.payment_method.last_four ?? ''}`
            : '';
        yield csvLine([
          when.format(new Date(i.created_at)).replace(',', ''),
          i.name,
          i.product_name,
          i.platform,
          i.account_name,
          method,
          i.status,
          i.due_date,
          i.amount,
          i.outstanding_amount,
        ]);
      }
    }
  },
};
