/**
 * The bell's notifications: list (newest first) and mark-as-read. Marking read is idempotent by
 * nature and also honours Idempotency-Key, since the offline outbox replays it.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notifications } from '../db/schema/shell';
import { toNotification } from '../domain/notify';
import { notFound, parseId } from '../lib/errors';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import type { RouteDeps } from './deps';

export async function notificationRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.get('/notifications', { preHandler: app.auth }, async (request) => {
    const caller = callerOf(request);
    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, caller.userId))
      .orderBy(desc(notifications.created_at), desc(notifications.id))
      .limit(100);
    return { notifications: rows.map(toNotification) };
  });

  app.put('/notifications/:id', { preHandler: app.auth }, async (request, reply) => {
    const caller = callerOf(request);
    const id = Number(parseId(request.params));
    return mutate(db, request, reply, async (tx) => {
      const [row] = await tx
        .update(notifications)
        .set({ is_read: true })
        .where(and(eq(notifications.id, id), eq(notifications.user_id, caller.userId)))
        .returning();
      if (!row) throw notFound('Notification not found');
      return { notification: toNotification(row) };
    });
  });
}
