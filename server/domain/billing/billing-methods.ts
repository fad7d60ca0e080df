/**
 * Saved payment methods of the caller's organization (spec part 3 §2.12, §3, §4, §7 "Billing"):
 * the list with each method's assigned accounts, assigning accounts, editing (the card or bank
 * account re-entered through the provider), and deleting.
 *
 * - A card is expired after the last day of its expiry month (UTC); one expiring within
 *   EXPIRING_DAYS carries an expiration_message.
 * - can_delete: not assigned to any account and no payment of it still settling. Deleting is soft.
 * - An account is billed to one method: assigning it here moves it from any other method.
 * - Expired cards cannot be assigned; they can be edited (that is how they are updated).
 * - Another customer's method id is a 404; a card number is never stored (the provider's ids are).
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { BILLING_MESSAGES, type PaymentMethodRecord } from '../../../src/api/contracts/billing';
import type { Db } from '../../db/client';
import { paymentMethodAccounts, paymentMethods, payments } from '../../db/schema/billing';
import { accounts } from '../../db/schema/shell';
import { now } from '../../lib/clock';
import { notFound, unprocessable } from '../../lib/errors';
import { type ProviderIds, providerColumns } from './payment-methods';
import type { SandboxAccount } from './payments-sandbox';

export const EXPIRING_DAYS = 60;
type MethodRow = typeof paymentMethods.$inferSelect;

/** The first instant after the card's expiry month. */
const expiryEnd = (m: MethodRow) =>
  m.exp_year && m.exp_month ? Date.UTC(m.exp_year, m.exp_month, 1) : Number.POSITIVE_INFINITY;

export const isExpired = (m: MethodRow, at = now()) =>
  m.type === 'credit_card' && expiryEnd(m) <= at.getTime();

function masked(m: MethodRow): string | null {
  if (!m.last_four) return null;
  if (m.type === 'ach') return `****${m.last_four}`;
  return m.brand === 'AMERICAN EXPRESS' ? `**** ****** *${m.last_four}` : `**** **** **** ${m.last_four}`;
}

function toRecord(m: MethodRow, assigned: string[], settling: boolean, at: Date): PaymentMethodRecord {
  const expired = isExpired(m, at);
  const card = m.type === 'credit_card';
  const expiration =
    card && m.exp_month && m.exp_year ? `${String(m.exp_month).padStart(2, '0')}/${m.exp_year}` : null;
  const soon = card && !expired && expiryEnd(m) - at.getTime() < EXPIRING_DAYS * 86_400_000;
  return {
    id: m.id,
    ref_id: m.ref_id,
    platform: m.platform,
    type: m.type as 'credit_card' | 'ach',
    brand: m.brand,
    last_four: m.last_four,
    masked_number: masked(m),
    name: m.name,
    exp_month: m.exp_month,
    exp_year: m.exp_year,
    expiration_date: expiration,
    is_expired: expired,
    expiration_message: soon ? `This card expires at the end of ${expiration}` : null,
    bank_name: m.bank_name,
    routing_number: m.routing_number,
    account_number: m.account_number,
    ach_type: m.ach_type,
    is_default: m.is_default,
    can_delete: assigned.length === 0 && !settling,
    accounts: assigned.map((ref_id) => ({ ref_id })),
  };
}

export async function listMethods(db: Db, organizationId: number, payableOnly = false) {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.organization_id, organizationId), isNull(paymentMethods.deleted_at)))
    .orderBy(asc(paymentMethods.created_at), asc(paymentMethods.id));
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await db
        .select({ method: paymentMethodAccounts.payment_method_id, ref: accounts.ref_id })
        .from(paymentMethodAccounts)
        .innerJoin(accounts, eq(accounts.id, paymentMethodAccounts.account_id))
        .where(inArray(paymentMethodAccounts.payment_method_id, ids))
        .orderBy(asc(accounts.ref_id))
    : [];
  const settling = ids.length
    ? await db
        .select({ method: payments.payment_method_id })
        .from(payments)
        .where(and(inArray(payments.payment_method_id, ids), eq(payments.status, 'pending')))
    : [];
  const at = now();
  return rows
    .filter((m) => !payableOnly || !isExpired(m, at))
    .map((m) =>
      toRecord(
        m,
        links.filter((l) => l.method === m.id).map((l) => l.ref),
        settling.some((s) => s.method === m.id),
        at,
      ),
    );
}

export async function billingAccounts(db: Db, organizationId: number) {
  return db
    .select({ ref_id: accounts.ref_id, name: accounts.name, platform: accounts.platform })
    .from(accounts)
    .where(eq(accounts.organization_id, organizationId))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

/** The organization's live (not deleted) method, locked for the change, or 404. */
export async function ownMethod(tx: Db, organizationId: number, id: number): Promise<MethodRow> {
  const [row] = await tx
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, id),
        eq(paymentMethods.organization_id, organizationId),
        isNull(paymentMethods.deleted_at),
      ),
    )
    .for('update');
  if (!row) throw notFound('Payment method not found');
  return row;
}

export async function methodRecord(tx: Db, organizationId: number, id: number): Promise<PaymentMethodRecord> {
  const record = (await listMethods(tx, organizationId)).find((m) => m.id === id);
  if (!record) throw notFound('Payment method not found');
  return record;
}

export async function assignAccounts(tx: Db, organizationId: number, id: number, refs: string[]) {
  const method = await ownMethod(tx, organizationId, id);
  if (isExpired(method)) throw unprocessable({ payment_method_id: [BILLING_MESSAGES.cardExpired] });
  const wanted = [...new Set(refs)];
  const found = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.organization_id, organizationId), inArray(accounts.ref_id, wanted)));
  if (found.length !== wanted.length) throw unprocessable({ assigned_accounts: ['Unknown account'] });
  const accountIds = found.map((a) => a.id);
  // One method bills an account: the accounts leave whichever method had them.
  await tx.delete(paymentMethodAccounts).where(inArray(paymentMethodAccounts.account_id, accountIds));
  await tx
    .insert(paymentMethodAccounts)
    .values(accountIds.map((account_id) => ({ payment_method_id: id, account_id })));
  return { ach: method.type === 'ach', record: await methodRecord(tx, organizationId, id) };
}

/** Replaces the method's card or bank account with the one the provider just tokenized. */
export async function editMethod(
  tx: Db,
  organizationId: number,
  id: number,
  ids: ProviderIds,
  record: SandboxAccount,
) {
  await ownMethod(tx, organizationId, id);
  await tx
    .update(paymentMethods)
    .set({ ...providerColumns(record, ids), updated_at: now() })
    .where(eq(paymentMethods.id, id));
  return methodRecord(tx, organizationId, id);
}

export async function deleteMethod(tx: Db, organizationId: number, id: number) {
  await ownMethod(tx, organizationId, id);
  const record = await methodRecord(tx, organizationId, id);
  if (!record.can_delete) throw unprocessable(BILLING_MESSAGES.cannotDelete);
  await tx
    .update(paymentMethods)
    .set({ deleted_at: now(), is_default: false, updated_at: now() })
    .where(eq(paymentMethods.id, id));
}
