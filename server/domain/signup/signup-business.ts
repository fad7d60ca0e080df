/**
 * Sign-up step 2 onwards for a signed-in new customer (spec part 1 §4): the business profile
 * (standard and legacy flavours), the package choice and the linked-accounts summary.
 *
 * - The standard profile with add_account adds a linked account to the caller's organization
 *   instead of changing it, and only when the organization may add accounts; the Activity
 *   Manager then asks where that account's leads go (signup-tasks.ts).
 * - The standard flow's sign-up completes with its profile (every registration link of the user
 *   is used up then, signup.ts completeSignup); the legacy flow's when its payment method is added
 *   (payment-methods.ts).
 * - Everything is scoped to the caller's organization.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AccountUpdateBody, LegacyAccountBody } from '../../../src/api/contracts/signup';
import type { Db } from '../../db/client';
import { organizationProducts, organizationSettings, packages } from '../../db/schema/catalog';
import { businessProfiles, organizations } from '../../db/schema/identity';
import { accounts } from '../../db/schema/shell';
import { now } from '../../lib/clock';
import { unprocessable } from '../../lib/errors';
import { loadSessionUser } from '../auth/users';
import { completeSignup, digits, knownCategories, orNull } from './signup';
import { addLinkedAccount, linkedAccountAnswer, orgPlaceOf, placeOf } from './signup-accounts';
import { addLeadTransferTask } from './signup-tasks';

/** The upsell packages offered at sign-up (spec part 1 §1: expand and accelerate). */
export const SIGNUP_PACKAGES = ['expand', 'accelerate'];

export type SignupCaller = { userId: number; organizationId: number; email: string };

async function sessionUser(db: Db, userId: number) {
  const loaded = await loadSessionUser(db, userId);
  if (!loaded) throw unprocessable('This account no longer exists');
  return loaded;
}

async function canAddAccount(db: Db, organizationId: number) {
  const [settings] = await db
    .select({ allowed: organizationSettings.can_add_account })
    .from(organizationSettings)
    .where(eq(organizationSettings.organization_id, organizationId));
  return Boolean(settings?.allowed);
}

/** The standard business profile (POST /client/account/update). */
export async function saveStandardBusiness(tx: Db, caller: SignupCaller, body: AccountUpdateBody) {
  const categories = await knownCategories(tx, body.categories);
  const place = placeOf(body.address);
  if (body.add_account) {
    if (!(await canAddAccount(tx, caller.organizationId)))
      throw unprocessable('Adding accounts is not enabled for your organization');
    const row = await addLinkedAccount(tx, caller.organizationId, {
      platform: 'live',
      name: body.name.trim(),
      username: caller.email,
    });
    if (place.city) await tx.update(accounts).set(place).where(eq(accounts.id, row.id));
    await addLeadTransferTask(tx, caller.organizationId, row);
    return {
      message: 'Account added',
      user: (await sessionUser(tx, caller.userId)).user,
      account: linkedAccountAnswer(row),
    };
  }
  await tx
    .update(organizations)
    .set({
      name: body.name.trim(),
      categories,
      address: orNull(body.address),
      website: orNull(body.website),
      ...orgPlaceOf(body.address),
    })
    .where(eq(organizations.id, caller.organizationId));
  await completeSignup(tx, caller.userId);
  return {
    message: 'Business profile saved',
    user: (await sessionUser(tx, caller.userId)).user,
    account: null,
  };
}

/** The legacy / pay-per-call business profile with its call transfer and notification targets. */
export async function saveLegacyBusiness(tx: Db, caller: SignupCaller, body: LegacyAccountBody) {
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, caller.organizationId));
  if (body.ms_id && body.ms_id !== org.ms_id)
    throw unprocessable({ ms_id: ['This account belongs to another sign-up'] });
  const categories = await knownCategories(tx, body.categories);
  const place = placeOf(body.address);
  const profile = {
    call_transfer_phone_number: digits(body.call_transfer_phone_number),
    email_notification: body.email_notification.trim().toLowerCase(),
    sms_notification: orNull(digits(body.sms_notification)),
  };
  await tx
    .update(organizations)
    .set({
      name: body.name.trim(),
      categories,
      address: body.address.trim(),
      website: orNull(body.website),
      ...orgPlaceOf(body.address),
    })
    .where(eq(organizations.id, org.id));
  await tx
    .insert(businessProfiles)
    .values({ user_id: caller.userId, ...profile })
    .onConflictDoUpdate({ target: businessProfiles.user_id, set: profile });
  const settings = {
    destination_phone: profile.call_transfer_phone_number,
    sms_phone: profile.sms_notification,
    email_notification: profile.email_notification,
  };
  const [existing] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.organization_id, org.id), eq(accounts.platform, body.platform)));
  const account = existing
    ? (
        await tx
          .update(accounts)
          .set({ name: body.name.trim(), settings, ...place })
          .where(eq(accounts.id, existing.id))
          .returning()
      )[0]
    : await addLinkedAccount(tx, org.id, {
        platform: body.platform,
        name: body.name.trim(),
        username: caller.email,
        settings,
      });
  if (!existing && place.city) await tx.update(accounts).set(place).where(eq(accounts.id, account.id));
  const loaded = await sessionUser(tx, caller.userId);
  return {
    message: 'Business profile saved',
    user: loaded.user,
    business_profile: loaded.business_profile ?? { ...profile },
    account: linkedAccountAnswer(account),
  };
}

export async function signupPackages(db: Db) {
  const rows = await db
    .select()
    .from(packages)
    .where(and(eq(packages.product_key, 'seo'), inArray(packages.key, SIGNUP_PACKAGES)))
    .orderBy(asc(packages.position));
  return rows.map((p) => ({
    key: p.key,
    title: p.title,
    hours_per_month: p.hours_per_month,
    monthly_price_cents: p.monthly_price_cents,
  }));
}

export async function choosePackage(tx: Db, organizationId: number, key: string) {
  await tx
    .insert(organizationProducts)
    .values({ organization_id: organizationId, product_key: 'seo', active: true, packages: [key] })
    .onConflictDoUpdate({
      target: [organizationProducts.organization_id, organizationProducts.product_key],
      set: { active: true, packages: [key], updated_at: now() },
    });
}
