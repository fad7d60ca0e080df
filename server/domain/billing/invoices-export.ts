/**
 * The invoices CSV (spec part 3 §4 "Invoice export", §7 "/invoices/export"): every invoice of the
 * request's dates in the list's order, the list's columns, times in the organization's time zone.
 * Registered as the 'invoices' type of the toolbar's export flow (routes/exports.ts: POST
 * /invoices/export); `exportInvoices` is the same export for the spec's GET /invoices/export
 * (routes/billing.ts), so both methods make one kind of export row, job and file.
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { EXPORT_IN_PROGRESS, type ExportBody, type ExportResponse } from '../../../src/api/contracts/toolbar';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema/billing';
import { accounts } from '../../db/schema/shell';
import { enqueueJob } from '../../jobs/queue';
import { csvLine } from '../exports/csv';
import { keysetPages } from '../exports/export-pages';
import {
  createExportRow,
  EXPORT_DIRECT_LIMIT,
  EXPORT_JOB,
  type Exporter,
  type ExportJob,
  type ExportPlace,
  exportFile,
  exportLink,
  writeExport,
} from '../exports/exports';
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

/**
 * Starts an invoices export inside the caller's transaction (the route's mutate()): a small one is
 * written at once and answered with its link, a large one becomes the durable export job and is
 * answered 'wait' (the 'download' notification follows). As POST /invoices/export does.
 */
export async function exportInvoices(
  tx: Db,
  place: ExportPlace,
  secret: string,
  userId: number,
  params: InvoiceExportParams,
): Promise<ExportResponse> {
  const rows = await invoicesExporter.count(tx, params);
  const id = await createExportRow(tx, userId, 'invoices', params.body, rows);
  if (rows > EXPORT_DIRECT_LIMIT) {
    const job: ExportJob = { exportId: id, userId, type: 'invoices', params };
    await enqueueJob(tx, { kind: EXPORT_JOB, payload: job, key: `export:${id}` });
    return { action: 'wait', message: EXPORT_IN_PROGRESS.body, export_id: id };
  }
  await writeExport(tx, place, id, invoicesExporter, params);
  const file = await exportFile(tx, place, id);
  if (!file) throw new Error(`Export ${id} was written but its file is not in the storage`);
  return { action: 'download', message: await exportLink(place, secret, file), export_id: id };
}
