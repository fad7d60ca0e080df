/**
 * Payment methods (cards, an expired card, ACH accounts, assignments to accounts) and 18 monthly
 * invoices per account and product, priced from the seeded leads and spend, with line items and
 * payment attempts. Every customer gets invoices in every status; bpr accounts get the payable
 * (Unpaid, Partially paid) 'bpr_reports' invoices first.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  invoiceItems,
  invoices,
  paymentMethodAccounts,
  paymentMethods,
  payments,
} from '../../db/schema/billing';
import { notifications } from '../../db/schema/shell';
import { INVOICE_READY } from '../people';
import type { Rng } from '../rng';
import type { DemoCustomer } from '../types';
import { chargesFor, METHODS, type MethodSpec, NEWEST_STATUSES, ROUTING } from './billing-plans';
import { bulkInsert } from './bulk';
import { addDays, addMonths, isoDate, monthStart } from './calendar';
import type { SpendLedger } from './facts';
import type { LeadTotals } from './leads';

export async function seedBilling(
  db: Db,
  rng: Rng,
  today: Date,
  customers: DemoCustomer[],
  spend: SpendLedger,
  leadTotals: LeadTotals,
) {
  const methodRows: (typeof paymentMethods.$inferInsert)[] = [];
  const assignRows: (typeof paymentMethodAccounts.$inferInsert)[] = [];
  const invoiceRows: (typeof invoices.$inferInsert)[] = [];
  const itemRows: (typeof invoiceItems.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  /** Each customer's newest invoice, which their "invoice ready" notification opens. */
  const newest = new Map<number, number>();
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');

  // Spend per account and month, from the daily ledger.
  const monthlySpend = new Map<number, Map<string, number>>();
  for (const [accountId, days] of spend) {
    const months = new Map<string, number>();
    for (const [day, cents] of days) months.set(day.slice(0, 7), (months.get(day.slice(0, 7)) ?? 0) + cents);
    monthlySpend.set(accountId, months);
  }

  for (const customer of customers) {
    const user = customer.email.split('@')[0];
    const customerId = `ps_cust_${customer.organization_id}${hex(6)}`;
    const methods: { id: number; spec: MethodSpec }[] = [];
    METHODS[customer.key].forEach((spec, i) => {
      const id = methodRows.length + 1;
      const expYear = spec.expired
        ? addMonths(today, -1).getUTCFullYear()
        : today.getUTCFullYear() + 2 + (i % 3);
      const expMonth = spec.expired ? addMonths(today, -1).getUTCMonth() + 1 : ((i * 5 + 3) % 12) + 1;
      const card = spec.type === 'credit_card';
      methodRows.push({
        id,
        organization_id: customer.organization_id,
        ref_id: `pm_${String(id).padStart(6, '0')}`,
        platform: spec.platform,
        type: spec.type,
        brand: card ? (spec.brand ?? null) : null,
        last_four: spec.last_four,
        name: `${user.charAt(0).toUpperCase()}${user.slice(1)} Demo`,
        first_name: `${user.charAt(0).toUpperCase()}${user.slice(1)}`,
        last_name: 'Demo',
        email: customer.email,
        exp_month: card ? expMonth : null,
        exp_year: card ? expYear : null,
        bank_name: card ? null : (spec.bank ?? null),
        routing_number: card ? null : ROUTING[spec.bank ?? ''],
        account_number: card ? null : `****${spec.last_four}`,
        ach_type: card ? null : (spec.ach_type ?? null),
        authorized: !card,
        is_default: i === 0,
        ps_account_id: `ps_acct_${hex(10)}`,
        ps_customer_id: customerId,
        created_at: addDays(today, -rng.int(60, 500)),
        updated_at: addDays(today, -rng.int(1, 59)),
        deleted_at: null,
      });
      customer.accounts.forEach((account, index) => {
        if (spec.assign(account, index))
          assignRows.push({
            payment_method_id: id,
            account_id: account.id,
            created_at: addDays(today, -rng.int(30, 400)),
          });
      });
      methods.push({ id, spec });
    });

    // Invoices: one per account, product and closed month.
    const mine: (typeof invoices.$inferInsert & { items: [string, number, number][] })[] = [];
    for (let back = 18; back >= 1; back--) {
      const periodStart = monthStart(addMonths(monthStart(today), -back));
      const periodEnd = addDays(monthStart(addMonths(periodStart, 1)), -1);
      const month = isoDate(periodStart).slice(0, 7);
      for (const account of customer.accounts) {
        const charges = chargesFor(
          customer.key,
          account,
          monthlySpend.get(account.id)?.get(month) ?? 0,
          leadTotals.perMonth.get(account.id)?.get(month) ?? { cents: 0, count: 0 },
        );
        for (const charge of charges) {
          // The overnight billing run: early on the 1st (UTC), so the newest invoice is never in the future.
          const created = new Date(addDays(periodEnd, 1).getTime() + rng.int(2, 5) * 3600_000);
          const amount = charge.items.reduce((s, [, , cents]) => s + cents, 0);
          mine.push({
            account_id: account.id,
            ref_id: '',
            name: '',
            product_key: charge.product_key,
            product_name: charge.product_name,
            status: 'Paid',
            amount_cents: amount,
            outstanding_amount_cents: 0,
            payment_method_id: null,
            ps_account_id: null,
            ps_customer_id: customerId,
            period_start: isoDate(periodStart),
            period_end: isoDate(periodEnd),
            due_date: isoDate(addDays(created, 15)),
            paid_at: null,
            created_at: created,
            updated_at: created,
            items: charge.items,
          });
        }
      }
    }
    // Newest first, payable bpr reports ahead of other products in the same month.
    const order = [...mine].sort(
      (a, b) =>
        (b.created_at as Date).getTime() - (a.created_at as Date).getTime() ||
        Number(b.product_key === 'bpr_reports') - Number(a.product_key === 'bpr_reports'),
    );
    const byDefault = methods[0];
    const expired = methods.find((m) => m.spec.expired) ?? byDefault;
    const ach = methods.find((m) => m.spec.type === 'ach') ?? byDefault;
    order.forEach((invoice, rank) => {
      const due = new Date(`${invoice.due_date}T00:00:00.000Z`);
      let status =
        NEWEST_STATUSES[rank] ?? (due >= today ? 'Pending' : rng.chance(0.03) ? 'Cancelled' : 'Paid');
      if (customer.key === 'directories' && rank < 2 && invoice.product_key !== 'bpr_reports')
        status = 'Pending';
      invoice.status = status;
      const method =
        status === 'Failed'
          ? expired
          : status === 'Pending'
            ? ach
            : status === 'Unpaid' || status === 'Cancelled'
              ? null
              : byDefault;
      invoice.payment_method_id = method?.id ?? null;
      invoice.ps_account_id = method ? (methodRows[method.id - 1].ps_account_id ?? null) : null;
      const amount = invoice.amount_cents as number;
      const partial = Math.round(amount * 0.4);
      invoice.outstanding_amount_cents =
        status === 'Paid' || status === 'Cancelled'
          ? 0
          : status === 'Partially paid'
            ? amount - partial
            : amount;
      const created = invoice.created_at as Date;
      if (status === 'Paid') invoice.paid_at = new Date(created.getTime() + rng.int(1, 12) * 86_400_000);
      invoice.updated_at = invoice.paid_at ?? created;
    });
    for (const invoice of mine) {
      const { items, ...row } = invoice;
      const id = invoiceRows.length + 1;
      if (invoice === order[0]) newest.set(customer.user_id, id);
      const year = (row.created_at as Date).getUTCFullYear();
      invoiceRows.push({
        ...row,
        id,
        ref_id: `inv_${100000 + id}`,
        name: `INV-${year}-${String(id).padStart(5, '0')}`,
      });
      items.forEach(([description, quantity, cents], position) => {
        itemRows.push({
          invoice_id: id,
          description,
          quantity,
          unit_price_cents: Math.round(cents / Math.max(1, quantity)),
          amount_cents: cents,
          position,
        });
      });
      const created = row.created_at as Date;
      const latest = today.getTime() + 6 * 3600_000;
      const pay = (amount: number, status: string, when: Date, failure: string | null) => {
        const at = new Date(Math.min(when.getTime(), Math.max(latest, created.getTime() + 60_000)));
        paymentRows.push({
          invoice_id: id,
          payment_method_id: row.payment_method_id ?? null,
          user_id: customer.user_id,
          amount_cents: amount,
          status,
          ps_payment_id: `ps_pay_${hex(12)}`,
          failure_message: failure,
          created_at: at,
          settled_at: status === 'pending' ? null : at,
        });
      };
      const amount = row.amount_cents as number;
      if (row.status === 'Paid') pay(amount, 'succeeded', row.paid_at as Date, null);
      if (row.status === 'Partially paid')
        pay(amount - (row.outstanding_amount_cents as number), 'succeeded', addDays(created, 3), null);
      if (row.status === 'Pending') pay(amount, 'pending', addDays(created, 2), null);
      if (row.status === 'Failed')
        pay(
          amount,
          'failed',
          addDays(created, 1),
          'Card expired: the card on file is past its expiration date.',
        );
    }
  }

  await bulkInsert(db, paymentMethods, methodRows);
  await bulkInsert(db, paymentMethodAccounts, assignRows);
  await bulkInsert(db, invoices, invoiceRows);
  await bulkInsert(db, invoiceItems, itemRows);
  await bulkInsert(db, payments, paymentRows);
  for (const [userId, invoiceId] of newest) {
    await db
      .update(notifications)
      .set({ target_id: invoiceId })
      .where(and(eq(notifications.user_id, userId), eq(notifications.message, INVOICE_READY)));
  }
}
