/**
 * How billing values read on screen (spec part 3 §2.11, §2.12): money in US dollars, dates as
 * MM/DD/YYYY and times in the customer's zone, a payment method's label ('VISA **** 4242',
 * 'ACH - ****6789') and the invoice table's payment method column ('-' per the spec's rules).
 */
import {
  type Invoice,
  type InvoiceMethod,
  OWED_STATUSES,
  PAYABLE_PRODUCT,
  type PaymentMethodRecord,
} from '../../api/contracts/billing';
import { DATE_TIME, zonedFormat } from '../../lib/time-zone';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatMoney = (value: string | number) => money.format(Number(value));

/** 'YYYY-MM-DD' -> 'MM/DD/YYYY'. */
export const formatDate = (iso: string | null) =>
  iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : '';

export function formatTime(iso: string, zone?: string | null): string {
  return zonedFormat(DATE_TIME, zone).format(new Date(iso));
}

type Labelled = Pick<InvoiceMethod, 'type' | 'brand' | 'last_four' | 'account_number'>;

/** 'VISA **** 4242' for a card, 'ACH - ****6789' for a bank account. */
export const methodLabel = (m: Labelled) =>
  m.type === 'ach'
    ? `ACH - ${m.account_number ?? `****${m.last_four ?? ''}`}`
    : `${m.brand ?? 'Card'} **** ${m.last_four ?? ''}`;

/** The PAYMENT METHOD column: '-' for a string value and for an Unpaid bpr reports invoice. */
export function invoiceMethodText(invoice: Invoice): string {
  const m = invoice.payment_method;
  if (!m || typeof m === 'string') return '-';
  if (invoice.product_key === PAYABLE_PRODUCT && invoice.status === 'Unpaid') return '-';
  return methodLabel(m);
}

/** "$600.00 still owed" while an invoice owes money (OWED_STATUSES), else null. */
export function stillOwed(invoice: Invoice): string | null {
  if (!OWED_STATUSES.includes(invoice.status) || Number(invoice.outstanding_amount) <= 0) return null;
  return `${formatMoney(invoice.outstanding_amount)} still owed`;
}

/** What Pay Now charges: the outstanding amount when partially paid, otherwise the full amount. */
export const amountDue = (invoice: Invoice) =>
  invoice.status === 'Partially paid' ? invoice.outstanding_amount : invoice.amount;

export const isAch = (m: Pick<PaymentMethodRecord, 'type'>) => m.type === 'ach';
