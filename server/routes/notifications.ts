/**
 * The bell's notifications: list (newest first), mark one read, and mark all read (up to the
 * newest the user saw). Marking read is idempotent by nature and also honours Idempotency-Key, since the offline outbox replays it. Session context.
 */
import type { FastifyPluginAsync } from 'fastify';
import { IdParam } from '../../src/api/contracts/common';
import { NotificationsResponse } from '../../src/api/contracts/session';
import {
  MarkAllNotificationsReadBody,
  MarkAllNotificationsReadResponse,
  MarkNotificationReadResponse,
} from '../../src/api/contracts/shell';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../domain/notify';
import { notFound } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';

export const notificationRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();

  app.get('/notifications', { config: { response: NotificationsResponse } }, async (request) => ({
    notifications: await listNotifications(app.db, callerOf(request).userId),
  }));

  // Declared before /notifications/:id for the reader; the router prefers the static path anyway.
  app.put(
    '/notifications/read_all',
    {
      schema: { body: MarkAllNotificationsReadBody },
      config: { response: MarkAllNotificationsReadResponse },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      return mutate(app.db, request, reply, async (tx) => ({
        marked: await markAllNotificationsRead(tx, caller.userId, request.body.up_to),
      }));
    },
  );

  app.put(
    '/notifications/:id',
    { schema: { params: IdParam }, config: { response: MarkNotificationReadResponse } },
    async (request, reply) => {
      const caller = callerOf(request);
      const id = Number(request.params.id);
      return mutate(app.db, request, reply, async (tx) => {
        const notification = await markNotificationRead(tx, caller.userId, id);
        if (!notification) throw notFound('Notification not found');
        return { notification };
      });
    },
  );
};
