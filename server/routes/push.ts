/**
 * Web Push subscriptions (issue 18), session context:
 * - GET /push/key: the server's public VAPID key (the browser's applicationServerKey);
 * - POST /push/subscription: stores this browser's subscription for the caller (several devices
 *   per user; an endpoint another user had moves to the caller), 201;
 * - DELETE /push/subscription {endpoint}: removes the caller's subscription of that endpoint.
 * Staff impersonating a customer may not subscribe (their browser would get the customer's
 * notifications): customerOnly. An endpoint outside the push services is refused with 422.
 * Sending is push-send.ts (a job per notification and subscription, queued by the live bus).
 */
import type { FastifyPluginAsync } from 'fastify';
import { endpointAllowed, removeSubscription, saveSubscription, vapidKeys } from '../domain/messaging/push';
import '../domain/messaging/push-send';
import { pushApi } from '../../src/api/contracts/routes/push';
import { unprocessable } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

export const PUSH_ENDPOINT_REFUSED = 'This push service is not supported';

export const pushRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db, config } = app;

  serve(
    app,
    pushApi.getPushKey,
    async () => ({
      public_key: (await vapidKeys(db, config)).publicKey,
    }),
    { config: { customerOnly: true } },
  );

  serve(
    app,
    pushApi.postPushSubscription,
    async (request, reply) => {
      const caller = callerOf(request);
      if (!endpointAllowed(config, request.body.endpoint))
        throw unprocessable({ endpoint: [PUSH_ENDPOINT_REFUSED] });
      reply.code(201);
      return mutate(
        db,
        request,
        reply,
        async (tx) => {
          await saveSubscription(tx, caller.userId, caller.sessionId, request.body);
          return { message: 'Subscribed' };
        },
        201,
      );
    },
    { config: { customerOnly: true } },
  );

  serve(
    app,
    pushApi.deletePushSubscription,
    async (request, reply) => {
      const caller = callerOf(request);
      return mutate(db, request, reply, async (tx) => {
        await removeSubscription(tx, caller.userId, request.body.endpoint);
        return { message: 'Unsubscribed' };
      });
    },
    { config: { customerOnly: true } },
  );
};
