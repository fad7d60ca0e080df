/**
 * Money: invoices per linked account (with line items), saved payment methods per organization
 * (cards and ACH accounts, assigned to accounts), payment attempts and account credits.
 *
 * - Invoice status is one of the wire values: Paid, Pending, Partially paid, Cancelled, Unpaid,
 *   Failed. Only Unpaid and Partially paid are payable, and the client offers Pay Now only for
 *   product_key 'bpr_reports'. outstanding_amount_cents is what a payment would settle.
 * - Payment methods hold no card number or bank secret: the payment provider keeps those, we
 *   keep its ids (ps_account_id, ps_customer_id) and display fields. Deleting is soft.
 * - Money is integer cents.
 */
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './identity';
import { accounts } from './shell';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const INVOICE_STATUSES = [
  'Paid',
  'Pending',
  'Partially paid',
  'Cancelled',
  'Unpaid',
  'Failed',
] as const;

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    ref_id: text('ref_id').notNull(),
    /** live, socius, bpr: the platform the method was created under */
    platform: text('platform').notNull(),
    /** credit_card or ach */
    type: text('type').notNull(),
    /** VISA, MASTERCARD, DISCOVER, AMERICAN EXPRESS (cards) */
    brand: text('brand'),
    last_four: text('last_four'),
    /** Card holder or account holder name. */
    name: text('name'),
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email'),
    exp_month: integer('exp_month'),
    exp_year: integer('exp_year'),
    bank_name: text('bank_name'),
    /** Routing numbers are public bank identifiers; account_number is stored masked ('****6789'). */
    routing_number: text('routing_number'),
    account_number: text('account_number'),
    /** checking or savings */
    ach_type: text('ach_type'),
    authorized: boolean('authorized').notNull().default(false),
    is_default: boolean('is_default').notNull().default(false),
    ps_account_id: text('ps_account_id'),
    ps_customer_id: text('ps_customer_id'),
    created_at: created(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_methods_ref_unique').on(t.ref_id),
    index('payment_methods_org_idx').on(t.organization_id),
  ],
);

export const paymentMethodAccounts = pgTable(
  'payment_method_accounts',
  {
    payment_method_id: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    created_at: created(),
  },
  (t) => [
    primaryKey({ columns: [t.payment_method_id, t.account_id] }),
    index('payment_method_accounts_account_idx').on(t.account_id),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    ref_id: text('ref_id').notNull(),
    /** The invoice's display name, e.g. 'INV-2025-00042'. */
    name: text('name').notNull(),
    /** bpr_reports, pay_per_call, directories, paid_media, seo, ppm, website */
    product_key: text('product_key').notNull(),
    product_name: text('product_name').notNull(),
    status: text('status').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    outstanding_amount_cents: integer('outstanding_amount_cents').notNull(),
    payment_method_id: integer('payment_method_id').references(() => paymentMethods.id),
    ps_account_id: text('ps_account_id'),
    ps_customer_id: text('ps_customer_id'),
    period_start: date('period_start', { mode: 'string' }),
    period_end: date('period_end', { mode: 'string' }),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    created_at: created(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_ref_unique').on(t.ref_id),
    index('invoices_account_created_idx').on(t.account_id, t.created_at),
    index('invoices_status_idx').on(t.status),
  ],
);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: serial('id').primaryKey(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unit_price_cents: integer('unit_price_cents').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoice_id)],
);

/** One row per payment attempt; a failed attempt keeps its provider message. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    payment_method_id: integer('payment_method_id').references(() => paymentMethods.id),
    user_id: integer('user_id').references(() => users.id),
    amount_cents: integer('amount_cents').notNull(),
    /** pending, succeeded, failed */
    status: text('status').notNull(),
    ps_payment_id: text('ps_payment_id'),
    failure_message: text('failure_message'),
    created_at: created(),
    settled_at: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('payments_invoice_idx').on(t.invoice_id)],
);

/** Credits on an organization's account, e.g. the $2,500 lead credit for legacy-platform sign-ups. */
export const accountCredits = pgTable(
  'account_credits',
  {
    id: serial('id').primaryKey(),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    amount_cents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    created_at: created(),
  },
  (t) => [index('account_credits_org_idx').on(t.organization_id)],
);
