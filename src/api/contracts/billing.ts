/**
 * Billing contracts (spec part 3 §2.11, §2.12, §3, §4, §7 "Billing", §8, §9): the invoices list,
 * paying an invoice, the saved payment methods with their accounts, assigning, editing and
 * deleting. Shared by server/routes/billing.ts, the client and the tests.
 *
 * - Money on the wire is dollars with two decimals as a string ('125.00'); a payment's `amount`
 *   is a number of dollars and must equal the invoice's outstanding amount.
 * - A payment method never carries a card number: brand, last four and expiry (cards), bank,
 *   routing and a masked account number (ACH).
 * - The texts are the spec's, verbatim.
 */
import {
  array,
  boolean,
  coerce,
  defaulted,
  enums,
  type Infer,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
  union,
} from 'superstruct';
import { NonEmpty } from './common';
import { PaymentPlatform } from './payments';
import { IsoDate } from './toolbar';

export const INVOICES_PAGE_SIZE = 20;

export const INVOICE_STATUSES = [
  'Paid',
  'Pending',
  'Partially paid',
  'Cancelled',
  'Unpaid',
  'Failed',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const PAYABLE_STATUSES: readonly InvoiceStatus[] = ['Unpaid', 'Partially paid'];
/** The one product paid from the portal (Pay Now). */
export const PAYABLE_PRODUCT = 'bpr_reports';

export const BILLING_MESSAGES = {
  paymentSent: 'Invoice payment request sent successfully.',
  paymentFailed: 'One-time payment failed: Please try another payment method',
  deletedHeader: 'Delete payment method',
  deleted: 'Payment method has been deleted successfully.',
  edited: 'Payment method has been edited successfully.',
  assignedHeader: (ach: boolean) => `Assign Accounts to ${ach ? 'ACH' : 'Credit Card'}`,
  assigned: (ach: boolean) =>
    `The accounts have been added to the ${ach ? 'ACH' : 'Credit Card'} successfully.`,
  expired: 'This card is expired - click here to update',
  noMethods: 'No payment methods added!',
  noMethodsText: 'You do not currently have any payment methods saved. Please add a card.',
  pickerEmpty: 'Your account has no payment methods',
  notPayable: 'This invoice cannot be paid now',
  alreadyPaid: 'This invoice has already been paid.',
  inProgress: 'A payment for this invoice is already being processed.',
  settling: 'Your payment is being processed. This usually takes a few seconds.',
  amountMismatch: 'The amount must equal the outstanding amount',
  cardExpired: 'This card is expired',
  cannotDelete: 'This payment method cannot be deleted',
} as const;

/** A whole number from a query string ('2'), or the value as it came (then refused). */
const QueryInt = coerce(integer(), string(), (value) => (/^\d{1,9}$/.test(value) ? Number(value) : value));

/** GET /invoices */
export const InvoicesQuery = object({
  page: defaulted(max(min(QueryInt, 1), 100_000), 1),
  per_page: defaulted(max(min(QueryInt, 1), 100), INVOICES_PAGE_SIZE),
  order: defaulted(enums(['asc', 'desc']), 'desc'),
  start_date: optional(IsoDate),
  end_date: optional(IsoDate),
  /** 'unpaid': every invoice still owed (OWED_STATUSES), whatever its date; the dates are ignored. */
  status: optional(enums(['unpaid'])),
});
export type InvoicesQuery = Infer<typeof InvoicesQuery>;

/** How an invoice was (or is being) paid: the display fields of its payment method. */
export const InvoiceMethod = object({
  ref_id: string(),
  type: enums(['credit_card', 'ach']),
  brand: nullable(string()),
  last_four: nullable(string()),
  account_number: nullable(string()),
});
export type InvoiceMethod = Infer<typeof InvoiceMethod>;

/**
 * The invoice's latest payment from the portal: settling (pending), succeeded (its receipt, with
 * the provider's confirmation number) or failed (with the provider's reason).
 */
export const InvoicePayment = object({
  id: number(),
  status: enums(['pending', 'succeeded', 'failed']),
  amount: string(),
  method: nullable(InvoiceMethod),
  created_at: string(),
  settled_at: nullable(string()),
  confirmation: nullable(string()),
  failure_message: nullable(string()),
});
export type InvoicePayment = Infer<typeof InvoicePayment>;

export const Invoice = object({
  id: number(),
  ref_id: string(),
  name: string(),
  product_key: string(),
  product_name: string(),
  platform: string(),
  account_name: string(),
  account_ref_id: string(),
  /** null: no method; a string: how it was settled outside the portal (shown as '-'). */
  payment_method: nullable(union([InvoiceMethod, string()])),
  status: enums(INVOICE_STATUSES),
  amount: string(),
  outstanding_amount: string(),
  due_date: string(),
  period_start: nullable(string()),
  period_end: nullable(string()),
  created_at: string(),
  paid_at: nullable(string()),
  payable: boolean(),
  /** Answers stored before receipts existed have none: null. */
  payment: defaulted(nullable(InvoicePayment), null),
});
export type Invoice = Infer<typeof Invoice>;

/** Statuses that still owe money: what "You owe" adds up and the unpaid filter lists. */
export const OWED_STATUSES: readonly InvoiceStatus[] = ['Unpaid', 'Partially paid', 'Failed'];

/** A sum of invoices and how many. */
export const OwedPart = object({ amount: string(), count: number() });
export type OwedPart = Infer<typeof OwedPart>;

/**
 * What the organization owes across all its invoices, whatever range the list shows, and of that
 * what can be paid now (Pay Now: PAYABLE_PRODUCT, PAYABLE_STATUSES) and what waits on a payment
 * method (Failed: an update of the method retries the charge). Answers stored before the parts
 * existed have none (then only the total is said).
 */
export const InvoicesOwed = object({
  amount: string(),
  count: number(),
  payable: optional(OwedPart),
  failed: optional(OwedPart),
});
export type InvoicesOwed = Infer<typeof InvoicesOwed>;

export const InvoicesResponse = object({
  invoices: array(Invoice),
  total_pages: number(),
  current_page: number(),
  total_records: number(),
  showing_from: number(),
  showing_to: number(),
  owed: defaulted(InvoicesOwed, { amount: '0.00', count: 0 }),
});
export type InvoicesResponse = Infer<typeof InvoicesResponse>;

/** POST /invoices/{id}: a saved method (pm_ref_id) or the provider's ids of one. */
export const PayInvoiceBody = object({
  amount: refine(
    number(),
    'Amount',
    (v) => (Number.isFinite(v) && v > 0 && v < 10_000_000) || 'Enter an amount',
  ),
  pm_ref_id: optional(size(NonEmpty, 1, 64)),
  ps_account_id: optional(size(NonEmpty, 1, 4000)),
  ps_customer_id: optional(size(NonEmpty, 1, 200)),
});
export type PayInvoiceBody = Infer<typeof PayInvoiceBody>;

export const PayInvoiceResponse = object({
  message: string(),
  invoice: Invoice,
  payment: object({ id: number(), status: enums(['pending', 'succeeded', 'failed']), amount: string() }),
});
export type PayInvoiceResponse = Infer<typeof PayInvoiceResponse>;

/** GET /invoices/{id}/payments/{payment_id}: a payment as it settles, with its invoice. */
export const InvoicePaymentResponse = object({ invoice: Invoice, payment: InvoicePayment });
export type InvoicePaymentResponse = Infer<typeof InvoicePaymentResponse>;

export const InvoicePaymentParams = object({
  id: refine(string(), 'Id', (v) => (/^\d{1,10}$/.test(v) && Number(v) <= 2_147_483_647) || 'Not found'),
  payment_id: refine(
    string(),
    'Id',
    (v) => (/^\d{1,10}$/.test(v) && Number(v) <= 2_147_483_647) || 'Not found',
  ),
});

/** GET /invoices/export (spec part 3 §7): the list's order and dates. */
export const InvoicesExportQuery = object({
  order: optional(enums(['asc', 'desc'])),
  start_date: IsoDate,
  end_date: IsoDate,
});
export type InvoicesExportQuery = Infer<typeof InvoicesExportQuery>;

export const BillingAccount = object({ ref_id: string(), name: string(), platform: string() });
export type BillingAccount = Infer<typeof BillingAccount>;

export const PaymentMethodRecord = object({
  id: number(),
  ref_id: string(),
  platform: string(),
  type: enums(['credit_card', 'ach']),
  brand: nullable(string()),
  last_four: nullable(string()),
  masked_number: nullable(string()),
  name: nullable(string()),
  exp_month: nullable(number()),
  exp_year: nullable(number()),
  /** MM/YYYY for cards. */
  expiration_date: nullable(string()),
  is_expired: boolean(),
  expiration_message: nullable(string()),
  bank_name: nullable(string()),
  routing_number: nullable(string()),
  account_number: nullable(string()),
  ach_type: nullable(string()),
  is_default: boolean(),
  can_delete: boolean(),
  /** The accounts this method bills (spec part 3 §3: accounts, a list with ref_id). */
  accounts: array(object({ ref_id: string() })),
});
export type PaymentMethodRecord = Infer<typeof PaymentMethodRecord>;

/** GET /payment_methods (optionally ?invoice_id: only methods that can pay it). */
export const PaymentMethodsQuery = object({ invoice_id: optional(QueryInt) });

export const PaymentMethodsResponse = object({
  records: array(PaymentMethodRecord),
  can_create_payment_method: boolean(),
  /** The customer's accounts a method can be assigned to. */
  accounts: array(BillingAccount),
});
export type PaymentMethodsResponse = Infer<typeof PaymentMethodsResponse>;

const MethodId = union([
  refine(integer(), 'Id', (v) => (v > 0 && v <= 2_147_483_647) || 'Unknown payment method'),
  refine(string(), 'Id', (v) => /^\d{1,9}$/.test(v) || 'Unknown payment method'),
]);

/** POST {platform}/payment_methods/update */
export const AssignAccountsBody = object({
  payment_method_id: MethodId,
  assigned_accounts: size(array(size(string(), 1, 64)), 1, 500),
});
export type AssignAccountsBody = Infer<typeof AssignAccountsBody>;

/** POST {platform}/payment_methods/{id}/edit: the provider's ids of the re-entered card or account. */
export const EditPaymentMethodBody = object({
  ps_account_id: NonEmpty,
  ps_customer_id: NonEmpty,
  authorized: optional(boolean()),
});
export type EditPaymentMethodBody = Infer<typeof EditPaymentMethodBody>;

/**
 * retried: how many Failed invoices the update charges again with this method (editing it
 * retries the ones it failed on; assigning accounts to it retries theirs). Absent: none.
 */
export const PaymentMethodResponse = object({
  message: string(),
  record: PaymentMethodRecord,
  retried: optional(number()),
});
export type PaymentMethodResponse = Infer<typeof PaymentMethodResponse>;

export const DeletePaymentMethodResponse = object({ message: string() });

export const PlatformIdParam = object({
  platform: PaymentPlatform,
  id: refine(string(), 'Id', (v) => (/^\d{1,10}$/.test(v) && Number(v) <= 2_147_483_647) || 'Not found'),
});
