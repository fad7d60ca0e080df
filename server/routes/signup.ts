/**
 * Sign-up, step 1 and the registration token (spec part 1 §7): the standard register call, the
 * legacy-platform (marketsharp) account lookup and register, and the token verify call the wizard
 * makes when it resumes a registration link.
 *
 * - Every rule of §5 is checked with the wizard's own rules (contracts/signup.ts stepErrors).
 * - Register creates the customer and signs them in, in one transaction: a refused step leaves
 *   no row behind. A legacy account is claimed once, with its $2,500 lead credit.
 * - A legacy account shows its personal data and can be claimed only with its link's pass (the
 *   X-Api-Token header, `<ms_id>:<key>`, domain/signup/signup-links.ts): ms_ids are sequential, so an id
 *   alone answers NO_LEGACY_ACCOUNT (404), the same as an unknown one. Wrong keys are counted per
 *   address, which then gets 429 (domain/signup/token-checks.ts).
 * - 'Sign-up already completed' (422, string) when a claimed legacy account or a completed user's
 *   registration link comes back: the wizard then clears its session and goes to /login.
 * - signupRoutes: public context (rate-limited per IP); registrationVerifyRoutes: registration
 *   context (the link's token is checked before the route runs).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { signupApi } from '../../src/api/contracts/routes/signup';
import {
  API_TOKEN_HEADER,
  type RegisterBody,
  SIGNUP_COMPLETED,
  type StepForm,
  stepErrors,
} from '../../src/api/contracts/signup';
import { normaliseEmail } from '../domain/auth/users';
import { categoryNames, createCustomer, digits, openSession, signedInAnswer } from '../domain/signup/signup';
import { claimLegacyAccount, findLegacyAccount, NO_LEGACY_ACCOUNT } from '../domain/signup/signup-legacy';
import { passOpens } from '../domain/signup/signup-links';
import { countTokenCheck } from '../domain/signup/token-checks';
import { notFound, unprocessable } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { registrationOf, signupSecret } from '../plugins/auth-contexts';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

const RATE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** Step 1 input after the shared rules: trimmed, email normalised, phone as digits. */
function checkedAccount(step: StepForm, body: RegisterBody) {
  const errors = stepErrors(step, body);
  if (errors) throw unprocessable(errors);
  return { ...body, email: normaliseEmail(body.email), phone_number: digits(body.phone_number) };
}

export const signupRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db, config } = app;
  const hours = config.session.absoluteHours;
  const secret = signupSecret(app.becomeSecret, app.config);
  /**
   * The request carries the pass of this legacy account's link, or answers as if it were unknown.
   * A wrong or missing key counts against the address (domain/signup/token-checks.ts).
   */
  const assertLegacyPass = async (request: FastifyRequest, msId: string) => {
    const passed = passOpens(secret, 'legacy', msId, request.headers[API_TOKEN_HEADER.toLowerCase()]);
    await countTokenCheck(db, config, request.ip, `legacy:${msId.trim()}`, passed);
    if (!passed) throw notFound(NO_LEGACY_ACCOUNT);
  };

  serve(
    app,
    signupApi.postClientRegister,
    async (request, reply) => {
      const body = checkedAccount('standard-account', request.body);
      return mutate(db, request, reply, async (tx) => {
        const { user, org } = await createCustomer(tx, {
          email: body.email,
          password: body.password,
          first_name: body.first_name,
          last_name: body.last_name,
          job_title: body.job_title,
          phone_number: body.phone_number,
          org: { name: body.business_name.trim() },
        });
        request.log.info({ user: user.id, org: org.id, product: body.product ?? null }, 'sign-up started');
        const token = await openSession(tx, user.id, hours);
        return { ...(await signedInAnswer(tx, user.id, token)), lead_id: null, is_user_new_account: true };
      });
    },
    { config: { ...RATE_LIMIT } },
  );

  serve(
    app,
    signupApi.getClientMarketsharpAccountsMsId,
    async (request) => {
      await assertLegacyPass(request, request.params.ms_id);
      const row = await findLegacyAccount(db, request.params.ms_id);
      return {
        user: {
          first_name: row.first_name,
          last_name: row.last_name,
          email: row.email,
          phone_number: row.phone_number,
          job_title: row.job_title,
          business_name: row.business_name,
        },
        organization: {
          name: row.org_name,
          address: row.address,
          website: row.website,
          categories: await categoryNames(db, row.categories),
        },
        lead_credit_cents: row.lead_credit_cents,
      };
    },
    { config: { ...RATE_LIMIT } },
  );

  serve(
    app,
    signupApi.postClientMarketsharpRegister,
    async (request, reply) => {
      const parsed = request.body;
      if (!parsed.ms_id.trim()) throw unprocessable({ ms_id: ['This field is required*'] });
      const body = checkedAccount('legacy-account', parsed);
      await assertLegacyPass(request, parsed.ms_id);
      return mutate(db, request, reply, async (tx) => {
        const legacy = await findLegacyAccount(tx, parsed.ms_id);
        const { user, org } = await createCustomer(tx, {
          email: body.email,
          password: body.password,
          first_name: body.first_name,
          last_name: body.last_name,
          job_title: body.job_title,
          phone_number: body.phone_number,
          org: {
            name: body.business_name.trim(),
            address: legacy.address,
            website: legacy.website,
            categories: await categoryNames(tx, legacy.categories),
            ms_id: legacy.ms_id,
          },
        });
        await claimLegacyAccount(tx, legacy, user.id, org.id);
        const token = await openSession(tx, user.id, hours);
        return { ...(await signedInAnswer(tx, user.id, token)), lead_id: null, is_user_new_account: true };
      });
    },
    { config: { ...RATE_LIMIT } },
  );
};

/** The "token verify" call: is this registration link still good, and for whom. */
export const registrationVerifyRoutes: FastifyPluginAsync = async (app) => {
  serve(
    app,
    signupApi.postClientRegistrationVerify,
    async (request) => {
      const { user } = registrationOf(request);
      if (user.signup_completed) throw unprocessable(SIGNUP_COMPLETED);
      const loaded = await signedInAnswer(app.db, user.id, '');
      return { org: loaded.org, is_user_new_account: user.password_hash === null };
    },
    { config: { ...RATE_LIMIT } },
  );
};
