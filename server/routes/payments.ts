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
import { object } from 'superstruct';
import {
  CreatePaymentMethodBody,
  CreatePaymentMethodResponse,
  PaymentPlatform,
  PaysimpleToken,
} from '../../src/api/contracts/payments';
import { completePaymentMethodTasks } from '../domain/activities/payment-method-task';
import { addPaymentMethod, providerAccount } from '../domain/billing/payment-methods';
import { issueCheckoutToken, sandboxKey } from '../domain/billing/payments-sandbox';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';

/** A platform that takes payments; any other is a 404. */
const PlatformParam = object({ platform: PaymentPlatform });

export const paymentRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;
  const key = sandboxKey(app.becomeSecret);

  app.get(
    '/:platform/paysimple/token',
    { schema: { params: PlatformParam }, config: { response: PaysimpleToken, customerOnly: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { token: issueCheckoutToken(key, callerOf(request).userId) };
    },
  );

  app.post(
    '/:platform/payment_methods/create',
    {
      schema: { params: PlatformParam, body: CreatePaymentMethodBody },
      // Staff impersonating the customer may not add payment methods (plugins/auth.ts).
      config: { response: CreatePaymentMethodResponse, customerOnly: true },
    },
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
  );
};
