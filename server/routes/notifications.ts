/**
 * The bell's notifications: list (newest first), mark one read, and mark all read (up to the
 * newest the user saw).
 *
 * The list pages by cursor for the bell's "See all": `?before=<notification_id>&limit=<1-100>`
 * answers the user's notifications older than that one, newest first (a cursor, not a page number,
 * so a notification arriving meanwhile never shifts a page and shows twice). Without a query it is
 * the spec's call as before: the newest 100. Marking read is idempotent by nature and also honours Idempotency-Key, since the offline outbox replays it. Session context.
 */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { notificationsApi } from '../../src/api/contracts/routes/notifications';
import { notifications } from '../db/schema/shell';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  toNotification,
} from '../domain/messaging/notify';
import { notFound } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

export const notificationRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();

  serve(app, notificationsApi.getNotifications, async (request) => {
    const { userId } = callerOf(request);
    const { before, limit } = request.query;
    if (before === undefined && limit === 100) {
      return { notifications: await listNotifications(app.db, userId) };
    }
    const mine = eq(notifications.user_id, userId);
    const rows = await app.db
      .select()
      .from(notifications)
      .where(before === undefined ? mine : and(mine, lt(notifications.id, before)))
      .orderBy(desc(notifications.id))
      .limit(limit);
    return { notifications: rows.map(toNotification) };
  });

  // Declared before /notifications/:id for the reader; the router prefers the static path anyway.
  serve(app, notificationsApi.putNotificationsReadAll, async (request, reply) => {
    const caller = callerOf(request);
    return mutate(app.db, request, reply, async (tx) => ({
      marked: await markAllNotificationsRead(tx, caller.userId, request.body.up_to),
    }));
  });

  serve(app, notificationsApi.putNotificationsId, async (request, reply) => {
    const caller = callerOf(request);
    const id = Number(request.params.id);
    return mutate(app.db, request, reply, async (tx) => {
      const notification = await markNotificationRead(tx, caller.userId, id);
      if (!notification) throw notFound('Notification not found');
      return { notification };
    });
  });
};
