/**
 * Sign-up, step 1 and the registration token (spec part 1 §7): the standard register call, the
 * legacy-platform (marketsharp) account lookup and register, and the token verify call the wizard
 * makes when it resumes a registration link.
 *
 * - Every rule of §5 is checked with the wizard's own rules (contracts/signup.ts stepErrors).
 * - Register creates the customer and signs them in, in one transaction: a refused step leaves
 *   no row behind. A legacy account is claimed once, with its $2,500 lead credit.
 * - 'Sign-up already completed' (422, string) when a claimed legacy account or a completed user's
 *   registration link comes back: the wizard then clears its session and goes to /login.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  LegacyRegisterBody,
  RegisterBody,
  SIGNUP_COMPLETED,
  type StepForm,
  stepErrors,
} from '../../src/api/contracts/signup';
import type { Db } from '../db/client';
import { accountCredits } from '../db/schema/billing';
import { legacyAccounts } from '../db/schema/signup';
import { categoryNames, createCustomer, digits, openSession, signedInAnswer } from '../domain/signup';
import { basicToken, findRegistration } from '../domain/signup-invite';
import { normaliseEmail } from '../domain/users';
import { notFound, parse, unprocessable } from '../lib/errors';
import { mutate } from '../plugins/idempotency';
import type { RouteDeps } from './deps';

const LIMIT = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };
const NO_LEGACY_ACCOUNT = 'We could not find your account on the previous platform';
const BAD_LINK = 'This registration link is invalid or has expired';

/** Step 1 input after the shared rules: trimmed, email normalised, phone as digits. */
function checkedAccount(step: StepForm, body: RegisterBody) {
  const errors = stepErrors(step, body);
  if (errors) throw unprocessable(errors);
  return { ...body, email: normaliseEmail(body.email), phone_number: digits(body.phone_number) };
}

export async function signupRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { db, config } = deps;
  const hours = config.session.absoluteHours;

  app.post('/client/register', LIMIT, async (request, reply) => {
    const body = checkedAccount('standard-account', parse(RegisterBody, request.body));
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
  });

  async function legacyAccount(tx: Db, msId: string) {
    if (!/^[\w.-]{1,64}$/.test(msId.trim())) throw notFound(NO_LEGACY_ACCOUNT);
    const [row] = await tx.select().from(legacyAccounts).where(eq(legacyAccounts.ms_id, msId.trim()));
    if (!row) throw notFound(NO_LEGACY_ACCOUNT);
    if (row.claimed_by_user_id !== null) throw unprocessable(SIGNUP_COMPLETED);
    return row;
  }

  app.get<{ Params: { ms_id: string } }>('/client/marketsharp/accounts/:ms_id', LIMIT, async (request) => {
    const row = await legacyAccount(db, request.params.ms_id);
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
  });

  app.post('/client/marketsharp/register', LIMIT, async (request, reply) => {
    const parsed = parse(LegacyRegisterBody, request.body);
    if (!parsed.ms_id.trim()) throw unprocessable({ ms_id: ['This field is required*'] });
    const body = checkedAccount('legacy-account', parsed);
    return mutate(db, request, reply, async (tx) => {
      const legacy = await legacyAccount(tx, parsed.ms_id);
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
      const claimed = await tx
        .update(legacyAccounts)
        .set({ claimed_by_user_id: user.id, claimed_at: new Date() })
        .where(and(eq(legacyAccounts.id, legacy.id), isNull(legacyAccounts.claimed_by_user_id)))
        .returning({ id: legacyAccounts.id });
      if (claimed.length === 0) throw unprocessable(SIGNUP_COMPLETED);
      await tx.insert(accountCredits).values({
        organization_id: org.id,
        amount_cents: legacy.lead_credit_cents,
        reason: 'Lead credit for moving from the legacy platform',
      });
      const token = await openSession(tx, user.id, hours);
      return { ...(await signedInAnswer(tx, user.id, token)), lead_id: null, is_user_new_account: true };
    });
  });

  /** The "token verify" call: is this registration link still good, and for whom. */
  app.post('/client/registration/verify', LIMIT, async (request) => {
    const token = basicToken(request);
    const found = token ? await findRegistration(db, token) : null;
    if (!found) throw unprocessable(BAD_LINK);
    if (found.user.signup_completed) throw unprocessable(SIGNUP_COMPLETED);
    const loaded = await signedInAnswer(db, found.user.id, '');
    return { org: loaded.org, is_user_new_account: found.user.password_hash === null };
  });
}
