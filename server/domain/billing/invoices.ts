/**
 * Invoices of the caller's organization (spec part 3 §2.11, §3, §7 "Billing"): the list (date
 * range in the organization's time zone, newest or oldest first, pages of 20), one own invoice
 * (another customer's is a 404) and its wire shape.
 *
 * - The range is the day the invoice was created, as the customer's calendar reads it; the
 *   'unpaid' filter ignores it (everything still owed, OWED_STATUSES).
 * - `payable`: the bpr reports product while Unpaid or Partially paid (spec §4).
 * - `owed` on every list answer is the organization's total across all time, so a range of paid
 *   invoices still says what is owed, split into what Pay Now settles and what is Failed (waiting
 *   on a payment method); latestPayments adds each invoice's latest payment (what failed, on
 *   which method).
 */
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type Invoice,
  type InvoicePayment,
  type InvoiceStatus,
  type InvoicesOwed,
  type InvoicesQuery,
  type InvoicesResponse,
  OWED_STATUSES,
  PAYABLE_PRODUCT,
  PAYABLE_STATUSES,
} from '../../../src/api/contracts/billing';
import type { Db } from '../../db/client';
import { invoiceItems, invoices, paymentMethods, payments } from '../../db/schema/billing';
import { accounts } from '../../db/schema/shell';
import { now } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { cursorOf } from '../exports/export-pages';
import { scopeOf } from '../leads/leads';

export const dollars = (cents: number) => (cents / 100).toFixed(2);

export type InvoiceScope = { organizationId: number; timeZone: string };

export const invoiceScope = (db: Db, organizationId: number): Promise<InvoiceScope> =>
  scopeOf(db, organizationId);

export function invoicesWhere(
  scope: InvoiceScope,
  range: { start_date?: string; end_date?: string; status?: 'unpaid' },
) {
  const day = sql`(${invoices.created_at} AT TIME ZONE ${scope.timeZone})::date`;
  const parts: SQL[] = [eq(accounts.organization_id, scope.organizationId)];
  if (range.status === 'unpaid') return and(...parts, owedWhere());
  if (range.start_date) parts.push(sql`${day} >= ${range.start_date}::date`);
  if (range.end_date) parts.push(sql`${day} <= ${range.end_date}::date`);
  return and(...parts);
}

export const invoiceRowsQuery = (db: Db) =>
  db
    .select({
      invoice: invoices,
      account_name: accounts.name,
      account_ref_id: accounts.ref_id,
      platform: accounts.platform,
      method_ref_id: paymentMethods.ref_id,
      method_type: paymentMethods.type,
      method_brand: paymentMethods.brand,
      method_last_four: paymentMethods.last_four,
      method_account_number: paymentMethods.account_number,
      /** The row's place in time order, exact (a Date drops the microseconds): the export's keyset. */
      cursor: cursorOf(invoices.created_at),
    })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.account_id))
    .leftJoin(paymentMethods, eq(paymentMethods.id, invoices.payment_method_id));

export type InvoiceRow = Awaited<ReturnType<ReturnType<typeof invoiceRowsQuery>['execute']>>[number];

export function isPayable(productKey: string, status: string): boolean {
  return productKey === PAYABLE_PRODUCT && (PAYABLE_STATUSES as readonly string[]).includes(status);
}

const owedWhere = () =>
  and(
    inArray(invoices.status, OWED_STATUSES as InvoiceStatus[]),
    sql`${invoices.outstanding_amount_cents} > 0`,
  ) as SQL;

/** The latest payment of each invoice (by id), with the method it was made with. */
export async function latestPayments(db: Db, invoiceIds: number[]): Promise<Map<number, InvoicePayment>> {
  if (!invoiceIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([payments.invoice_id], { payment: payments, method: paymentMethods })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.payment_method_id))
    .where(inArray(payments.invoice_id, invoiceIds))
    .orderBy(payments.invoice_id, desc(payments.created_at), desc(payments.id));
  return new Map(
    rows.map(({ payment: p, method: m }) => [
      p.invoice_id,
      {
        id: p.id,
        status: p.status as InvoicePayment['status'],
        amount: dollars(p.amount_cents),
        method: m
          ? {
              ref_id: m.ref_id,
              type: m.type as 'credit_card' | 'ach',
              brand: m.brand,
              last_four: m.last_four,
              account_number: m.account_number,
            }
          : null,
        created_at: p.created_at.toISOString(),
        settled_at: p.settled_at ? p.settled_at.toISOString() : null,
        confirmation: p.status === 'succeeded' ? p.ps_payment_id : null,
        failure_message: p.status === 'failed' ? p.failure_message : null,
      },
    ]),
  );
}

/** An own invoice with its latest payment (404 for another customer's). */
export async function ownInvoiceWithPayment(db: Db, organizationId: number, id: number): Promise<Invoice> {
  const row = await ownInvoice(db, organizationId, id);
  return toInvoice(row, (await latestPayments(db, [id])).get(id) ?? null);
}

/**
 * What the organization owes across all its invoices: the total, what Pay Now can settle
 * (isPayable's rule in SQL) and what waits on a payment method (Failed).
 */
export async function owedBy(db: Db, organizationId: number): Promise<InvoicesOwed> {
  const cents = invoices.outstanding_amount_cents;
  const payable = sql`${invoices.product_key} = ${PAYABLE_PRODUCT} and ${inArray(invoices.status, PAYABLE_STATUSES as InvoiceStatus[])}`;
  const failed = sql`${invoices.status} = 'Failed'`;
  const [row] = await db
    .select({
      cents: sql<string>`coalesce(sum(${cents}), 0)`,
      n: count(),
      payableCents: sql<string>`coalesce(sum(${cents}) filter (where ${payable}), 0)`,
      payableN: sql<string>`count(*) filter (where ${payable})`,
      failedCents: sql<string>`coalesce(sum(${cents}) filter (where ${failed}), 0)`,
      failedN: sql<string>`count(*) filter (where ${failed})`,
    })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.account_id))
    .where(and(eq(accounts.organization_id, organizationId), owedWhere()));
  const part = (c: string, n: string) => ({ amount: dollars(Number(c)), count: Number(n) });
  return {
    amount: dollars(Number(row.cents)),
    count: Number(row.n),
    payable: part(row.payableCents, row.payableN),
    failed: part(row.failedCents, row.failedN),
  };
}

export function toInvoice(row: InvoiceRow, payment: InvoicePayment | null = null): Invoice {
  const i = row.invoice;
  return {
    id: i.id,
    ref_id: i.ref_id,
    name: i.name,
    product_key: i.product_key,
    product_name: i.product_name,
    platform: row.platform,
    account_name: row.account_name,
    account_ref_id: row.account_ref_id,
    payment_method: row.method_ref_id
      ? {
          ref_id: row.method_ref_id,
          type: row.method_type as 'credit_card' | 'ach',
          brand: row.method_brand,
          last_four: row.method_last_four,
          account_number: row.method_account_number,
        }
      : null,
    status: i.status as InvoiceStatus,
    amount: dollars(i.amount_cents),
    outstanding_amount: dollars(i.outstanding_amount_cents),
    due_date: i.due_date,
    period_start: i.period_start,
    period_end: i.period_end,
    created_at: i.created_at.toISOString(),
    paid_at: i.paid_at ? i.paid_at.toISOString() : null,
    payable: isPayable(i.product_key, i.status),
    payment,
  };
}

export async function listInvoices(
  db: Db,
  scope: InvoiceScope,
  query: InvoicesQuery,
): Promise<InvoicesResponse> {
  const where = invoicesWhere(scope, query);
  const [{ n }] = await db
    .select({ n: count() })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.account_id))
    .where(where);
  const total = Number(n);
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await invoiceRowsQuery(db)
    .where(where)
    .orderBy(direction(invoices.created_at), direction(invoices.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const from = total === 0 ? 0 : Math.min(total, (query.page - 1) * query.per_page + 1);
  const paid = await latestPayments(
    db,
    rows.map((r) => r.invoice.id),
  );
  return {
    invoices: rows.map((row) => toInvoice(row, paid.get(row.invoice.id) ?? null)),
    total_pages: Math.ceil(total / query.per_page),
    current_page: query.page,
    total_records: total,
    showing_from: rows.length ? from : 0,
    showing_to: rows.length ? from + rows.length - 1 : 0,
    owed: await owedBy(db, scope.organizationId),
  };
}

/** The caller organization's invoice, or 404 (another customer's id is simply not found). */
export async function ownInvoice(db: Db, organizationId: number, id: number): Promise<InvoiceRow> {
  const [row] = await invoiceRowsQuery(db).where(
    and(eq(invoices.id, id), eq(accounts.organization_id, organizationId)),
  );
  if (!row) throw notFound('Invoice not found');
  return row;
}

/**
 * A new bpr reports invoice billed now (the dev endpoint, for demos and tests of the pay flow):
 * Unpaid, or Partially paid with 40% already paid. Numbered after the newest invoice.
 */
export async function billDemoInvoice(
  db: Db,
  accountId: number,
  status: 'Unpaid' | 'Partially paid',
  amountCents: number,
) {
  const at = now();
  const paid = status === 'Partially paid' ? Math.round(amountCents * 0.4) : 0;
  const [{ n }] = await db.select({ n: count() }).from(invoices);
  const seq = Number(n) + 1;
  const [invoice] = await db
    .insert(invoices)
    .values({
      account_id: accountId,
      ref_id: `inv_${100000 + seq}_${at.getTime().toString(36)}`,
      name: `INV-${at.getUTCFullYear()}-${String(seq).padStart(5, '0')}`,
      product_key: PAYABLE_PRODUCT,
      product_name: 'BPR Reports',
      status,
      amount_cents: amountCents,
      outstanding_amount_cents: amountCents - paid,
      due_date: new Date(at.getTime() + 15 * 86_400_000).toISOString().slice(0, 10),
      period_start: at.toISOString().slice(0, 10),
      period_end: at.toISOString().slice(0, 10),
      created_at: at,
      updated_at: at,
    })
    .returning();
  await db.insert(invoiceItems).values({
    invoice_id: invoice.id,
    description: 'BPR Reports subscription',
    quantity: 1,
    unit_price_cents: amountCents,
    amount_cents: amountCents,
  });
  return invoice;
}
