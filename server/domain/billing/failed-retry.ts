/**
 * A Failed invoice is charged again when the customer fixes its payment method: editing the
 * method it failed on (an expired card re-entered) retries the Failed invoices billed to that
 * method, and assigning accounts to a method retries those accounts' Failed invoices with it.
 *
 * - Runs inside the update's transaction (the route's mutate()), so the retry exists exactly when
 *   the update does, and an Idempotency-Key replay retries nothing twice.
 * - Each retry is an ordinary payment: a pending row, the invoice Pending on that method, and the
 *   SETTLE_JOB that settles it (billing-payments.ts): Paid, or Failed again with the new reason.
 * - An expired or deleted method retries nothing (the charge could only fail again).
 */
import { and, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, paymentMethods, payments } from '../../db/schema/billing';
import { accounts } from '../../db/schema/shell';
import { enqueueJob } from '../../jobs/queue';
import { now } from '../../lib/clock';
import { isExpired } from './billing-methods';
import { SETTLE_DELAY_MS, SETTLE_JOB, type SettleJob } from './billing-payments';

export type RetryScope = { organizationId: number; userId: number; methodId: number };

/** Retries the Failed invoices billed to the method (after it was edited); answers how many. */
export const retryMethodFailures = (tx: Db, scope: RetryScope) =>
  retry(tx, scope, eq(invoices.payment_method_id, scope.methodId));

/** Retries the accounts' Failed invoices with the method they are now assigned to. */
export async function retryAccountFailures(tx: Db, scope: RetryScope, accountRefs: string[]) {
  if (!accountRefs.length) return 0;
  return retry(tx, scope, inArray(accounts.ref_id, accountRefs));
}

async function retry(tx: Db, scope: RetryScope, which: SQL): Promise<number> {
  const [method] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, scope.methodId));
  if (!method || method.deleted_at || isExpired(method)) return 0;
  const failed = await tx
    .select({ id: invoices.id, cents: invoices.outstanding_amount_cents })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.account_id))
    .where(
      and(
        eq(accounts.organization_id, scope.organizationId),
        eq(invoices.status, 'Failed'),
        gt(invoices.outstanding_amount_cents, 0),
        which,
      ),
    )
    .orderBy(invoices.id)
    .for('update', { of: invoices });
  const at = now();
  for (const invoice of failed) {
    const [payment] = await tx
      .insert(payments)
      .values({
        invoice_id: invoice.id,
        payment_method_id: method.id,
        user_id: scope.userId,
        amount_cents: invoice.cents,
        status: 'pending',
        created_at: at,
      })
      .returning({ id: payments.id });
    await tx
      .update(invoices)
      .set({
        status: 'Pending',
        payment_method_id: method.id,
        ps_account_id: method.ps_account_id,
        ps_customer_id: method.ps_customer_id,
        updated_at: at,
      })
      .where(eq(invoices.id, invoice.id));
    await enqueueJob<SettleJob>(tx, {
      kind: SETTLE_JOB,
      payload: { payment_id: payment.id },
      runAt: new Date(at.getTime() + SETTLE_DELAY_MS),
      key: `${SETTLE_JOB}:${payment.id}`,
    });
  }
  return failed.length;
}
