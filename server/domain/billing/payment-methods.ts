/**
 * Payment methods from the card provider's answer (spec part 1 §7): the provider's account id,
 * whose record (brand, last four, expiry, bank) comes from the provider, never a card number.
 *
 * - A provider account id is accepted only from the user whose checkout session created it, and a
 *   bank account only with the customer's authorization (`providerAccount`, for adding and editing).
 * - The method's columns come from the provider's record in one place (`providerColumns`), so an
 *   added method and an edited one read the same.
 * - Invoice and assigned accounts must be the caller organization's; an ms_id must be its own.
 * - The same provider account twice (a retried submit) is the same payment method.
 * - The first active method of the organization is its default.
 * - With sign_up the legacy / pay-per-call sign-up completes here, its last call.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type {
  CreatePaymentMethodBody,
  CreatePaymentMethodResponse,
} from '../../../src/api/contracts/payments';
import type { Db } from '../../db/client';
import { invoices, paymentMethodAccounts, paymentMethods } from '../../db/schema/billing';
import { organizations } from '../../db/schema/identity';
import { accounts } from '../../db/schema/shell';
import { newToken } from '../../lib/crypto';
import { notFound, unprocessable } from '../../lib/errors';
import { completeSignup } from '../signup/signup';
import { customerId, readSandboxAccount, type SandboxAccount } from './payments-sandbox';

export type PaymentCaller = { userId: number; organizationId: number };

export const ACH_AUTHORIZATION_REQUIRED = 'Please authorize the debit from this bank account';

/** The provider ids a request carries for a card or bank account it just tokenized. */
export type ProviderIds = { ps_account_id: string; ps_customer_id: string; authorized?: boolean };

/**
 * The provider's record behind the ids, when the caller's own checkout session created them (and,
 * for a bank account, the debit is authorized); a 422 otherwise.
 */
export function providerAccount(key: string, userId: number, ids: ProviderIds): SandboxAccount {
  const record = readSandboxAccount(key, ids.ps_account_id);
  if (!record || record.userId !== userId || ids.ps_customer_id !== customerId(key, userId))
    throw unprocessable('This payment account was not created in your checkout session. Please try again.');
  if (record.type === 'ach' && ids.authorized !== true)
    throw unprocessable({ authorized: [ACH_AUTHORIZATION_REQUIRED] });
  return record;
}

/** A payment method's columns from the provider's record of its card or bank account. */
export function providerColumns(record: SandboxAccount, ids: ProviderIds) {
  const card = record.type === 'card';
  return {
    type: card ? 'credit_card' : 'ach',
    brand: record.brand,
    last_four: record.lastFour,
    name: `${record.firstName} ${record.lastName}`.trim() || null,
    first_name: record.firstName || null,
    last_name: record.lastName || null,
    email: record.email || null,
    exp_month: record.expMonth,
    exp_year: record.expYear,
    bank_name: record.bankName,
    routing_number: record.routingNumber,
    account_number: card ? null : `****${record.lastFour}`,
    ach_type: record.accountType,
    authorized: !card,
    ps_account_id: ids.ps_account_id,
    ps_customer_id: ids.ps_customer_id,
  } satisfies Partial<typeof paymentMethods.$inferInsert>;
}

export async function addPaymentMethod(
  tx: Db,
  caller: PaymentCaller,
  platform: string,
  body: CreatePaymentMethodBody,
  record: SandboxAccount,
): Promise<CreatePaymentMethodResponse> {
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, caller.organizationId));
  if (body.ms_id && body.ms_id !== org.ms_id)
    throw unprocessable({ ms_id: ['This account belongs to another sign-up'] });
  if (body.invoice_id !== undefined && body.invoice_id !== null) {
    const [invoice] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .innerJoin(accounts, eq(accounts.id, invoices.account_id))
      .where(and(eq(invoices.id, Number(body.invoice_id)), eq(accounts.organization_id, org.id)));
    if (!invoice) throw notFound('No such invoice');
  }
  const refs = [...new Set(body.assigned_accounts ?? [])];
  const assigned = refs.length
    ? await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.organization_id, org.id), inArray(accounts.ref_id, refs)))
    : [];
  if (assigned.length !== refs.length) throw unprocessable({ assigned_accounts: ['Unknown account'] });

  const active = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.organization_id, org.id), isNull(paymentMethods.deleted_at)));
  // The same provider account twice (a retried submit) is the same payment method.
  const [method] = active.filter((m) => m.ps_account_id === body.ps_account_id).length
    ? active.filter((m) => m.ps_account_id === body.ps_account_id)
    : await tx
        .insert(paymentMethods)
        .values({
          organization_id: org.id,
          ref_id: `pm_${newToken().slice(0, 16)}`,
          platform,
          ...providerColumns(record, body),
          is_default: active.length === 0,
        })
        .returning();
  if (assigned.length) {
    await tx
      .insert(paymentMethodAccounts)
      .values(assigned.map((a) => ({ payment_method_id: method.id, account_id: a.id })))
      .onConflictDoNothing();
  }
  if (body.sign_up) await completeSignup(tx, caller.userId);
  return {
    message: `${method.type === 'ach' ? 'ACH Account' : 'Credit Card'} has been added successfully.`,
    payment_method: {
      id: method.id,
      ref_id: method.ref_id,
      platform: method.platform,
      type: method.type as 'credit_card' | 'ach',
      brand: method.brand,
      last_four: method.last_four,
      exp_month: method.exp_month,
      exp_year: method.exp_year,
      bank_name: method.bank_name,
      is_default: method.is_default,
    },
  };
}
