/**
 * Accounts of the legacy platform (marketsharp) that a customer claims at sign-up: found by
 * their ms_id, claimed once (a second claim is 'Sign-up already completed'), with their lead
 * credit moved onto the new organization in the same transaction.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { SIGNUP_COMPLETED } from '../../../src/api/contracts/signup';
import type { Db } from '../../db/client';
import { accountCredits } from '../../db/schema/billing';
import { legacyAccounts } from '../../db/schema/signup';
import { now } from '../../lib/clock';
import { notFound, unprocessable } from '../../lib/errors';

export const NO_LEGACY_ACCOUNT = 'We could not find your account on the previous platform';

export type LegacyAccount = typeof legacyAccounts.$inferSelect;

/** The unclaimed legacy account with this ms_id: 404 when unknown, 422 when already claimed. */
export async function findLegacyAccount(db: Db, msId: string): Promise<LegacyAccount> {
  if (!/^[\w.-]{1,64}$/.test(msId.trim())) throw notFound(NO_LEGACY_ACCOUNT);
  const [row] = await db.select().from(legacyAccounts).where(eq(legacyAccounts.ms_id, msId.trim()));
  if (!row) throw notFound(NO_LEGACY_ACCOUNT);
  if (row.claimed_by_user_id !== null) throw unprocessable(SIGNUP_COMPLETED);
  return row;
}

/** Claims the account for the new customer and credits its organization; once only. */
export async function claimLegacyAccount(
  tx: Db,
  legacy: LegacyAccount,
  userId: number,
  organizationId: number,
) {
  const claimed = await tx
    .update(legacyAccounts)
    .set({ claimed_by_user_id: userId, claimed_at: now() })
    .where(and(eq(legacyAccounts.id, legacy.id), isNull(legacyAccounts.claimed_by_user_id)))
    .returning({ id: legacyAccounts.id });
  if (claimed.length === 0) throw unprocessable(SIGNUP_COMPLETED);
  await tx.insert(accountCredits).values({
    organization_id: organizationId,
    amount_cents: legacy.lead_credit_cents,
    reason: 'Lead credit for moving from the legacy platform',
  });
}
