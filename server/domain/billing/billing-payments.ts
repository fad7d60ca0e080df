/**
 * Paying an invoice (spec part 3 §4 "Pay flow", "Invoice status"; part 1 §4 live invoice
 * messages): the request, then the provider's asynchronous settlement.
 *
 * - payInvoice (inside the route's mutate() transaction) locks the invoice row, checks it is
 *   payable, that the amount equals the outstanding amount and that the method is the caller's
 *   and not expired, then writes a pending payment and sets the invoice Pending. A double click
 *   or retry with the same Idempotency-Key replays the stored answer. A request with another key
 *   while that payment settles is answered by payment intent: the same payer, method and amount
 *   get the settling payment back (a second dialog or a resent request is not a second charge,
 *   and not a false "cannot be paid"); anyone else is told a payment is already being processed.
 *   A paid invoice says so (alreadyPaid). One payment per invoice at a time.
 * - The same transaction enqueues the settlement job (SETTLE_JOB, server/jobs/, keyed by the
 *   payment, due SETTLE_DELAY_MS later: the sandbox provider's processing time), so the job exists
 *   exactly when the payment does and survives a restart.
 * - settlePayment is that job: it locks the payment and does nothing unless it is still pending
 *   (a job that runs twice settles once), asks the sandbox for the charge's outcome, sets the
 *   invoice Paid (or Partially paid) or Failed, and publishes switch_status to the payer. An
 *   approved charge keeps the provider's confirmation number (ps_payment_id): the receipt's.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  type PayInvoiceBody,
  type PayInvoiceResponse,
} from '../../../src/api/contracts/billing';
import { type Db, withTx } from '../../db/client';
import { invoices, paymentMethods, payments } from '../../db/schema/billing';
import { enqueueJob } from '../../jobs/queue';
import { now } from '../../lib/clock';
import { notFound, unprocessable } from '../../lib/errors';
import type { LiveBus } from '../messaging/live-bus';
import { isExpired } from './billing-methods';
import { dollars, isPayable, ownInvoice, ownInvoiceWithPayment } from './invoices';
import { chargeOutcome } from './payments-sandbox';

/** How long the sandbox provider takes to settle a charge. */
export const SETTLE_DELAY_MS = 1000;
/** The job kind that settles one payment (payload: SettleJob). */
export const SETTLE_JOB = 'invoice-payment.settle';
export type SettleJob = { payment_id: number };

export type Payer = { userId: number; organizationId: number };

async function payingMethod(tx: Db, organizationId: number, body: PayInvoiceBody) {
  if (!body.pm_ref_id && !body.ps_account_id) throw unprocessable({ pm_ref_id: ['Choose a payment method'] });
  const [method] = await tx
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.organization_id, organizationId),
        body.pm_ref_id
          ? eq(paymentMethods.ref_id, body.pm_ref_id)
          : eq(paymentMethods.ps_account_id, body.ps_account_id as string),
      ),
    );
  if (!method || method.deleted_at) throw notFound('Payment method not found');
  if (body.ps_customer_id && method.ps_customer_id !== body.ps_customer_id)
    throw notFound('Payment method not found');
  if (isExpired(method)) throw unprocessable({ pm_ref_id: [BILLING_MESSAGES.cardExpired] });
  return method;
}

export async function payInvoice(
  tx: Db,
  payer: Payer,
  invoiceId: number,
  body: PayInvoiceBody,
): Promise<PayInvoiceResponse> {
  await ownInvoice(tx, payer.organizationId, invoiceId);
  const [locked] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (locked.status === 'Pending') return settling(tx, payer, locked, body);
  if (locked.status === 'Paid') throw unprocessable(BILLING_MESSAGES.alreadyPaid);
  if (!isPayable(locked.product_key, locked.status)) throw unprocessable(BILLING_MESSAGES.notPayable);
  if (Math.round(body.amount * 100) !== locked.outstanding_amount_cents)
    throw unprocessable({ amount: [BILLING_MESSAGES.amountMismatch] });
  const method = await payingMethod(tx, payer.organizationId, body);
  const [payment] = await tx
    .insert(payments)
    .values({
      invoice_id: invoiceId,
      payment_method_id: method.id,
      user_id: payer.userId,
      amount_cents: locked.outstanding_amount_cents,
      status: 'pending',
      created_at: now(),
    })
    .returning();
  await tx
    .update(invoices)
    .set({
      status: 'Pending',
      payment_method_id: method.id,
      ps_account_id: method.ps_account_id,
      ps_customer_id: method.ps_customer_id,
      updated_at: now(),
    })
    .where(eq(invoices.id, invoiceId));
  await enqueueJob<SettleJob>(tx, {
    kind: SETTLE_JOB,
    payload: { payment_id: payment.id },
    runAt: new Date(now().getTime() + SETTLE_DELAY_MS),
    key: `${SETTLE_JOB}:${payment.id}`,
  });
  return {
    message: BILLING_MESSAGES.paymentSent,
    invoice: await ownInvoiceWithPayment(tx, payer.organizationId, invoiceId),
    payment: { id: payment.id, status: 'pending', amount: dollars(payment.amount_cents) },
  };
}

/**
 * A pay request while the invoice's payment settles: the same payer paying the same amount with
 * the same method is answered with that payment (one charge); anything else is refused.
 */
async function settling(
  tx: Db,
  payer: Payer,
  invoice: typeof invoices.$inferSelect,
  body: PayInvoiceBody,
): Promise<PayInvoiceResponse> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.invoice_id, invoice.id), eq(payments.status, 'pending')))
    .orderBy(desc(payments.id))
    .limit(1);
  const method = payment ? await payingMethod(tx, payer.organizationId, body).catch(() => null) : null;
  const same =
    payment &&
    method &&
    payment.user_id === payer.userId &&
    payment.payment_method_id === method.id &&
    payment.amount_cents === Math.round(body.amount * 100);
  if (!same) throw unprocessable(BILLING_MESSAGES.inProgress);
  return {
    message: BILLING_MESSAGES.paymentSent,
    invoice: await ownInvoiceWithPayment(tx, payer.organizationId, invoice.id),
    payment: { id: payment.id, status: 'pending', amount: dollars(payment.amount_cents) },
  };
}

/**
 * A payment of an own invoice as it stands, with the invoice (the pay dialog follows its
 * settlement with it). Only the invoice's latest payment is followed: 404 for any other id.
 */
export async function invoicePayment(db: Db, organizationId: number, invoiceId: number, paymentId: number) {
  const invoice = await ownInvoiceWithPayment(db, organizationId, invoiceId);
  if (invoice.payment?.id !== paymentId) throw notFound('Payment not found');
  return { invoice, payment: invoice.payment };
}

/** The provider's confirmation number of an approved charge ('PS-7K2M9Q4XWD'). */
const confirmationNumber = () =>
  `PS-${[...randomBytes(10)].map((b) => '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'[b % 32]).join('')}`;

/**
 * Settles one payment with the provider's outcome (or `forced`, when the job gave up): answers
 * whether it did anything. A payment no longer pending is left alone.
 */
export async function settlePayment(
  db: Db,
  live: LiveBus,
  sandboxKey: string,
  paymentId: number,
  forced?: { ok: false; message: string },
): Promise<boolean> {
  return withTx(db, async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .for('update');
    if (!payment) return false;
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(eq(invoices.id, payment.invoice_id))
      .for('update');
    const [method] = payment.payment_method_id
      ? await tx.select().from(paymentMethods).where(eq(paymentMethods.id, payment.payment_method_id))
      : [];
    const outcome = forced ?? chargeOutcome(sandboxKey, method?.ps_account_id ?? null);
    const at = now();
    if (outcome.ok) {
      const left = Math.max(0, invoice.outstanding_amount_cents - payment.amount_cents);
      await tx
        .update(payments)
        .set({ status: 'succeeded', settled_at: at, ps_payment_id: confirmationNumber() })
        .where(eq(payments.id, payment.id));
      await tx
        .update(invoices)
        .set({
          status: left === 0 ? 'Paid' : 'Partially paid',
          outstanding_amount_cents: left,
          paid_at: left === 0 ? at : invoice.paid_at,
          updated_at: at,
        })
        .where(eq(invoices.id, invoice.id));
    } else {
      await tx
        .update(payments)
        .set({ status: 'failed', settled_at: at, failure_message: outcome.message })
        .where(eq(payments.id, payment.id));
      await tx.update(invoices).set({ status: 'Failed', updated_at: at }).where(eq(invoices.id, invoice.id));
    }
    if (payment.user_id)
      await live.publish(tx, payment.user_id, {
        message_type: 'switch_status',
        object: 'Invoice',
        id: invoice.id,
        status: outcome.ok ? 'paid' : 'failed',
      });
    return true;
  });
}
