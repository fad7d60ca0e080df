/**
 * The custom (lead-based) sign-up (spec part 1 §3, §4, §6, §7) and the catalogue reads sign-up
 * needs: GET /services, GET /client/lead_costs (the Pay-Per-Lead pricing modal, from
 * price_categories), the lead's data, and registration_first_step / registration_second_step.
 *
 * - These calls are authorised by the fixed API token header (X-Api-Token, SIGNUP_API_TOKEN);
 *   /services also accepts a signed-in session (the other flows load it after step 1).
 * - Step 1 creates the customer from the sales lead and answers a registration token; step 2 must
 *   carry that token (Basic auth) and the same lead, converts the lead, completes sign-up and signs
 *   the customer in. A converted lead is 'Sign-up already completed'.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_TOKEN_HEADER,
  CustomFirstStepBody,
  CustomSecondStepBody,
  DEV_SIGNUP_API_TOKEN,
  SIGNUP_COMPLETED,
  stepErrors,
  UserDataQuery,
} from '../../src/api/contracts/signup';
import type { Db } from '../db/client';
import { priceCategories, services } from '../db/schema/catalog';
import { businessProfiles, organizations, users } from '../db/schema/identity';
import { signupLeads } from '../db/schema/signup';
import {
  completeSignup,
  createCustomer,
  digits,
  knownCategories,
  openSession,
  signedInAnswer,
} from '../domain/signup';
import { placeOf } from '../domain/signup-accounts';
import {
  basicToken,
  findRegistration,
  issueRegistrationToken,
  spendRegistration,
} from '../domain/signup-invite';
import { normaliseEmail } from '../domain/users';
import { safeEqual } from '../lib/crypto';
import { notFound, parse, unauthorized, unprocessable } from '../lib/errors';
import { mutate } from '../plugins/idempotency';
import type { RouteDeps } from './deps';

const LIMIT = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };
const NO_LEAD = 'We could not find this sign-up link. Please contact your sales representative.';

export const signupApiToken = (env: NodeJS.ProcessEnv = process.env) =>
  env.SIGNUP_API_TOKEN || DEV_SIGNUP_API_TOKEN;

function hasApiToken(request: FastifyRequest): boolean {
  const sent = request.headers[API_TOKEN_HEADER.toLowerCase()];
  return typeof sent === 'string' && safeEqual(sent, signupApiToken());
}

async function requireApiToken(request: FastifyRequest) {
  if (!hasApiToken(request)) throw unauthorized('A valid API token is required');
}

async function openLead(db: Db, salesforceId: string) {
  if (!/^[\w.-]{1,64}$/.test(salesforceId.trim())) throw notFound(NO_LEAD);
  const [lead] = await db
    .select()
    .from(signupLeads)
    .where(eq(signupLeads.salesforce_id, salesforceId.trim()));
  if (!lead) throw notFound(NO_LEAD);
  if (lead.converted_user_id !== null) throw unprocessable(SIGNUP_COMPLETED);
  return lead;
}

export async function signupCustomRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { db, config } = deps;
  const withToken = { ...LIMIT, preHandler: requireApiToken };
  const tokenOrSession = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasApiToken(request)) await app.auth.call(app, request, reply);
  };

  app.get('/services', { preHandler: tokenOrSession }, async () => ({
    services: await db
      .select({ name: services.name, label: services.label })
      .from(services)
      .orderBy(asc(services.position)),
  }));

  app.get('/client/lead_costs', withToken, async () => ({
    categories: await db
      .select({
        name: priceCategories.name,
        label: priceCategories.label,
        min_price_cents: priceCategories.min_price_cents,
        max_price_cents: priceCategories.max_price_cents,
      })
      .from(priceCategories)
      .orderBy(asc(priceCategories.position)),
  }));

  app.get('/client/get_user_data', withToken, async (request) => {
    const lead = await openLead(db, parse(UserDataQuery, request.query).salesforce_id);
    return {
      data: {
        first_name: lead.first_name,
        last_name: lead.last_name,
        email: lead.email,
        phone_number: lead.phone_number,
        address: lead.address,
        business_name: lead.business_name,
        services: lead.services,
      },
    };
  });

  app.post('/client/registration_first_step', withToken, async (request, reply) => {
    const body = parse(CustomFirstStepBody, request.body);
    const errors =
      stepErrors('custom-account', body) ??
      (body.salesforce_id.trim() ? null : { salesforce_id: ['This field is required*'] });
    if (errors) throw unprocessable(errors);
    return mutate(db, request, reply, async (tx) => {
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
        .set(placeOf(body.address))
        .where(eq(organizations.id, user.organization_id));
      const registration_token = await issueRegistrationToken(tx, user.id);
      return { lead_id: lead.salesforce_id, user_id: user.id, registration_token };
    });
  });

  app.post('/client/registration_second_step', withToken, async (request, reply) => {
    const body = parse(CustomSecondStepBody, request.body);
    const errors = stepErrors('custom-business', body);
    if (errors) throw unprocessable(errors);
    const token = basicToken(request);
    return mutate(db, request, reply, async (tx) => {
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
          ...placeOf(body.address),
        })
        .where(eq(organizations.id, org.id));
      await tx
        .update(businessProfiles)
        .set({ call_transfer_phone_number: phone, sms_notification: phone, email_notification: email })
        .where(eq(businessProfiles.user_id, user.id));
      await tx
        .update(signupLeads)
        .set({ converted_user_id: user.id, converted_at: new Date() })
        .where(eq(signupLeads.id, lead.id));
      await spendRegistration(tx, registration.token.id);
      await completeSignup(tx, user.id);
      const session = await openSession(tx, user.id, config.session.absoluteHours);
      return signedInAnswer(tx, user.id, session);
    });
  });
}
