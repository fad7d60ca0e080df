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
import { coerce, defaulted, integer, max, min, object, optional, string } from 'superstruct';
import { IdParam } from '../../src/api/contracts/common';
import { NotificationsResponse } from '../../src/api/contracts/session';
import {
  MarkAllNotificationsReadBody,
  MarkAllNotificationsReadResponse,
  MarkNotificationReadResponse,
} from '../../src/api/contracts/shell';
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

const QueryInt = coerce(integer(), string(), (value) => (/^\d{1,10}$/.test(value) ? Number(value) : value));
/** GET /notifications' optional paging (see the header). */
const NotificationsQuery = object({
  before: optional(max(min(QueryInt, 1), 2_147_483_647)),
  limit: defaulted(max(min(QueryInt, 1), 100), 100),
});

export const notificationRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();

  app.get(
    '/notifications',
    { schema: { querystring: NotificationsQuery }, config: { response: NotificationsResponse } },
    async (request) => {
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
    },
  );

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
