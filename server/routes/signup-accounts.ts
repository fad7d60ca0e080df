/**
 * Sign-up, step 2 onwards, for a signed-in new customer (spec part 1 §4, §7): the business
 * profile (standard: /client/account/update; legacy and pay-per-call: /client/accounts with the
 * call transfer number and notification targets) and the package choice. The linked-accounts
 * summary the connect-accounts step lists is routes/account.ts's (a superset of its contract). Session context; the rules are in
 * domain/signup/signup-business.ts, the field rules are the wizard's own (stepErrors).
 */
import type { FastifyPluginAsync } from 'fastify';
import { signupAccountsApi } from '../../src/api/contracts/routes/signup-accounts';
import { PACKAGE_REQUIRED, stepErrors } from '../../src/api/contracts/signup';
import {
  choosePackage,
  SIGNUP_PACKAGES,
  saveLegacyBusiness,
  saveStandardBusiness,
  signupPackages,
} from '../domain/signup/signup-business';
import { unprocessable } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

export const signupAccountRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;

  serve(app, signupAccountsApi.postClientAccountUpdate, async (request, reply) => {
    const caller = callerOf(request);
    const errors = stepErrors('standard-business', request.body);
    if (errors) throw unprocessable(errors);
    return mutate(db, request, reply, (tx) => saveStandardBusiness(tx, caller, request.body));
  });

  serve(app, signupAccountsApi.postClientAccounts, async (request, reply) => {
    const caller = callerOf(request);
    const errors = stepErrors('legacy-business', request.body);
    if (errors) throw unprocessable(errors);
    return mutate(db, request, reply, (tx) => saveLegacyBusiness(tx, caller, request.body));
  });

  serve(app, signupAccountsApi.getClientAccountsPackages, async () => ({
    packages: await signupPackages(db),
  }));

  serve(app, signupAccountsApi.postClientAccountsPackage, async (request, reply) => {
    const caller = callerOf(request);
    const key = request.body.package.trim();
    if (!SIGNUP_PACKAGES.includes(key)) throw unprocessable({ package: [PACKAGE_REQUIRED] });
    return mutate(db, request, reply, async (tx) => {
      await choosePackage(tx, caller.organizationId, key);
      return { message: 'Package selected', package: key };
    });
  });
};
