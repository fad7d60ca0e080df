/**
 * The custom (lead-based) sign-up (spec part 1 §3, §6): the sales lead behind a sign-up link, the
 * catalogue reads sign-up needs (services, lead costs), step 1 (the customer from the lead, and a
 * registration token) and step 2 (the lead converted, sign-up completed, the customer signed in).
 *
 * - A converted lead is 'Sign-up already completed'; an unknown one is NO_LEAD (404).
 * - Step 2 must carry step 1's registration and the same lead.
 */
import { asc, eq } from 'drizzle-orm';
import {
  type CustomFirstStepBody,
  type CustomSecondStepBody,
  SIGNUP_COMPLETED,
} from '../../../src/api/contracts/signup';
import type { Db } from '../../db/client';
import { priceCategories, services } from '../../db/schema/catalog';
import { businessProfiles, organizations, users } from '../../db/schema/identity';
import { signupLeads } from '../../db/schema/signup';
import { now } from '../../lib/clock';
import { notFound, unprocessable } from '../../lib/errors';
import { normaliseEmail } from '../auth/users';
import {
  completeSignup,
  createCustomer,
  digits,
  knownCategories,
  openSession,
  signedInAnswer,
} from './signup';
import { orgPlaceOf } from './signup-accounts';
import { findRegistration, issueRegistrationToken } from './signup-invite';

export const NO_LEAD = 'We could not find this sign-up link. Please contact your sales representative.';

export async function listServices(db: Db) {
  return db
    .select({ name: services.name, label: services.label })
    .from(services)
    .orderBy(asc(services.position));
}

export async function leadCosts(db: Db) {
  return db
    .select({
      name: priceCategories.name,
      label: priceCategories.label,
      min_price_cents: priceCategories.min_price_cents,
      max_price_cents: priceCategories.max_price_cents,
    })
    .from(priceCategories)
    .orderBy(asc(priceCategories.position));
}

/** The unconverted sales lead of a sign-up link. */
export async function openLead(db: Db, salesforceId: string) {
  if (!/^[\w.-]{1,64}$/.test(salesforceId.trim())) throw notFound(NO_LEAD);
  const [lead] = await db
    .select()
    .from(signupLeads)
    .where(eq(signupLeads.salesforce_id, salesforceId.trim()));
  if (!lead) throw notFound(NO_LEAD);
  if (lead.converted_user_id !== null) throw unprocessable(SIGNUP_COMPLETED);
  return lead;
}

/** Step 1: the customer from the lead; answers the registration token step 2 must carry. */
export async function customFirstStep(tx: Db, body: CustomFirstStepBody) {
  const lead = await openLead(tx, body.salesforce_id);
  const { user } = await createCustomer(tx, {
    email: normaliseEmail(body.email),
    password: body.password,
    first_name: body.first_name,
    last_name: body.last_name,
    phone_number: digits(body.phone_number),
    org: {
      name: lead.business_name ?? `${body.first_name.trim()} ${body.last_name.trim()}`,
      address: body.address,
      categories: lead.services,
      salesforce_id: lead.salesforce_id,
    },
  });
  await tx
    .update(organizations)
    .set(orgPlaceOf(body.address))
    .where(eq(organizations.id, user.organization_id));
  const registration_token = await issueRegistrationToken(tx, user.id);
  return { lead_id: lead.salesforce_id, user_id: user.id, registration_token };
}

/** Step 2: converts the lead, completes sign-up and signs the customer in. */
export async function customSecondStep(
  tx: Db,
  body: CustomSecondStepBody,
  token: string | null,
  sessionHours: number,
) {
  const lead = await openLead(tx, body.salesforce_id);
  const registration = token ? await findRegistration(tx, token) : null;
  if (!registration)
    throw unprocessable('Your sign-up session has expired. Please start again from your link.');
  const user = registration.user;
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, user.organization_id));
  if (org.salesforce_id !== lead.salesforce_id) throw unprocessable(SIGNUP_COMPLETED);
  const email = normaliseEmail(body.email);
  if (email !== user.email) {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw unprocessable({ email: ['This email has already been taken'] });
  }
  const phone = digits(body.phone_number);
  await tx
    .update(users)
    .set({
      email,
      first_name: body.first_name.trim(),
      last_name: body.last_name.trim(),
      phone_number: phone,
    })
    .where(eq(users.id, user.id));
  await tx
    .update(organizations)
    .set({
      name: body.name.trim(),
      address: body.address.trim(),
      categories: await knownCategories(tx, body.categories),
      phone_number: phone,
      ...orgPlaceOf(body.address),
    })
    .where(eq(organizations.id, org.id));
  await tx
    .update(businessProfiles)
    .set({ call_transfer_phone_number: phone, sms_notification: phone, email_notification: email })
    .where(eq(businessProfiles.user_id, user.id));
  await tx
    .update(signupLeads)
    .set({ converted_user_id: user.id, converted_at: now() })
    .where(eq(signupLeads.id, lead.id));
  await completeSignup(tx, user.id); // spends step 1's registration token with the user's others
  const session = await openSession(tx, user.id, sessionHours);
  return signedInAnswer(tx, user.id, session);
}
