/**
 * Sign-up, step 2 onwards, for a signed-in new customer (spec part 1 §4, §7): the business
 * profile (standard: /client/account/update; legacy and pay-per-call: /client/accounts with the
 * call transfer number and notification targets), the package choice, and the linked-accounts
 * summary the connect-accounts step lists.
 *
 * - account/update with add_account (Linked Accounts' "add account") adds a linked account to the
 *   caller's organization instead of changing it, and only when the organization may add accounts.
 * - The standard flow's sign-up completes at step 2 (its registration link, if any, is used up
 *   there); the legacy flow's completes when its payment method is added (payments.ts).
 * - Everything is scoped to the caller's organization.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  AccountUpdateBody,
  LegacyAccountBody,
  PACKAGE_REQUIRED,
  PackageBody,
  stepErrors,
} from '../../src/api/contracts/signup';
import type { Db } from '../db/client';
import { organizationProducts, organizationSettings, packages } from '../db/schema/catalog';
import { businessProfiles, organizations } from '../db/schema/identity';
import { accounts } from '../db/schema/shell';
import { completeSignup, digits, knownCategories, orNull } from '../domain/signup';
import { addLinkedAccount, linkedAccountAnswer, placeOf } from '../domain/signup-accounts';
import { basicToken, findRegistration, spendRegistration } from '../domain/signup-invite';
import { loadSessionUser } from '../domain/users';
import { parse, unprocessable } from '../lib/errors';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import type { RouteDeps } from './deps';

/** The upsell packages offered at sign-up (spec part 1 §1: expand and accelerate). */
export const SIGNUP_PACKAGES = ['expand', 'accelerate'];

async function sessionUser(db: Db, userId: number) {
  const loaded = await loadSessionUser(db, userId);
  if (!loaded) throw unprocessable('This account no longer exists');
  return loaded;
}

export async function signupAccountRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const auth = { preHandler: app.auth };

  app.post('/client/account/update', auth, async (request, reply) => {
    const caller = callerOf(request);
    const body = parse(AccountUpdateBody, request.body);
    const errors = stepErrors('standard-business', body);
    if (errors) throw unprocessable(errors);
    const regToken = basicToken(request);
    return mutate(db, request, reply, async (tx) => {
      const categories = await knownCategories(tx, body.categories);
      const place = placeOf(body.address);
      if (body.add_account) {
        const [settings] = await tx
          .select({ allowed: organizationSettings.can_add_account })
          .from(organizationSettings)
          .where(eq(organizationSettings.organization_id, caller.organizationId));
        if (!settings?.allowed) throw unprocessable('Adding accounts is not enabled for your organization');
        const row = await addLinkedAccount(tx, caller.organizationId, {
          platform: 'live',
          name: body.name.trim(),
          username: caller.email,
        });
        if (place.city) await tx.update(accounts).set(place).where(eq(accounts.id, row.id));
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
          ...place,
        })
        .where(eq(organizations.id, caller.organizationId));
      const registration = regToken ? await findRegistration(tx, regToken) : null;
      if (registration && registration.user.id === caller.userId)
        await spendRegistration(tx, registration.token.id);
      await completeSignup(tx, caller.userId);
      return {
        message: 'Business profile saved',
        user: (await sessionUser(tx, caller.userId)).user,
        account: null,
      };
    });
  });

  app.post('/client/accounts', auth, async (request, reply) => {
    const caller = callerOf(request);
    const body = parse(LegacyAccountBody, request.body);
    const errors = stepErrors('legacy-business', body);
    if (errors) throw unprocessable(errors);
    return mutate(db, request, reply, async (tx) => {
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
          ...place,
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
    });
  });

  app.get('/client/accounts/packages', auth, async () => {
    const rows = await db
      .select()
      .from(packages)
      .where(and(eq(packages.product_key, 'seo'), inArray(packages.key, SIGNUP_PACKAGES)))
      .orderBy(asc(packages.position));
    return {
      packages: rows.map((p) => ({
        key: p.key,
        title: p.title,
        hours_per_month: p.hours_per_month,
        monthly_price_cents: p.monthly_price_cents,
      })),
    };
  });

  app.post('/client/accounts/package', auth, async (request, reply) => {
    const caller = callerOf(request);
    const body = parse(PackageBody, request.body);
    if (!SIGNUP_PACKAGES.includes(body.package.trim())) throw unprocessable({ package: [PACKAGE_REQUIRED] });
    const key = body.package.trim();
    return mutate(db, request, reply, async (tx) => {
      await tx
        .insert(organizationProducts)
        .values({ organization_id: caller.organizationId, product_key: 'seo', active: true, packages: [key] })
        .onConflictDoUpdate({
          target: [organizationProducts.organization_id, organizationProducts.product_key],
          set: { active: true, packages: [key], updated_at: new Date() },
        });
      return { message: 'Package selected', package: key };
    });
  });

  app.post('/client/accounts/summary', auth, async (request) => {
    const caller = callerOf(request);
    const [settings] = await db
      .select({ allowed: organizationSettings.can_add_account })
      .from(organizationSettings)
      .where(eq(organizationSettings.organization_id, caller.organizationId));
    const rows = await db
      .select()
      .from(accounts)
      .where(eq(accounts.organization_id, caller.organizationId))
      .orderBy(asc(accounts.id));
    return { can_add_account: Boolean(settings?.allowed), accounts: rows.map(linkedAccountAnswer) };
  });
}
