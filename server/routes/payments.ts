/**
 * Payment methods through the card provider (spec part 1 §7): the provider's checkout token for
 * the hosted fields, and creating a payment method from the ids the provider answered. Session
 * context.
 *
 * - The API never sees a card or bank number: only the provider's account id (domain/billing/payment-methods.ts).
 * - A provider account id is accepted only from the user whose checkout session created it, and ACH
 *   needs the customer's authorization (`providerAccount`, which the edit in routes/billing.ts uses too).
 */
import type { FastifyPluginAsync } from 'fastify';
import { paymentsApi } from '../../src/api/contracts/routes/payments';
import { completePaymentMethodTasks } from '../domain/activities/payment-method-task';
import { addPaymentMethod, providerAccount } from '../domain/billing/payment-methods';
import { issueCheckoutToken, sandboxKey } from '../domain/billing/payments-sandbox';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

/** A platform that takes payments; any other is a 404. */

export const paymentRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;
  const key = sandboxKey(app.becomeSecret);

  serve(
    app,
    paymentsApi.getPlatformPaysimpleToken,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { token: issueCheckoutToken(key, callerOf(request).userId) };
    },
    { config: { customerOnly: true } },
  );

  serve(
    app,
    paymentsApi.postPlatformPaymentMethodsCreate,
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const record = providerAccount(key, caller.userId, body);
      return mutate(db, request, reply, async (tx) => {
        const added = await addPaymentMethod(tx, caller, request.params.platform, body, record);
        await completePaymentMethodTasks(tx, caller.organizationId);
        return added;
      });
    },
    { config: { customerOnly: true } },
  );
};
