/**
 * Sends one push job: the notification, encrypted by `web-push` (RFC 8291 aes128gcm, VAPID
 * RFC 8292) for the subscription's keys, to its push service.
 *
 * - A subscription the push service reports gone (404, 410) is deleted and the job is done, and
 *   so is one whose endpoint the server would no longer accept (endpointAllowed: stored before a
 *   rule tightened, or the configuration changed): nothing is sent to it.
 * - Any other failure (network, 429, 5xx) throws, so the job queue retries it with backoff.
 * - The job re-reads the subscription by id AND user: one deleted or moved to another user since
 *   the job was enqueued gets nothing.
 * - Topic: the push service keeps only the newest undelivered message per topic, and the worker
 *   shows it with the same tag, so a repeat collapses into one.
 */
import { and, eq } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { pushSubscriptions } from '../../db/schema/push';
import { registerJobHandler } from '../../jobs/queue';
import { now } from '../../lib/clock';
import { endpointAllowed, PUSH_JOB, type PushJob, vapidKeys } from './push';

/** How long a push service keeps an undelivered message (a day: older news is in the bell). */
const TTL_SECONDS = 24 * 3600;

registerJobHandler<PushJob>(
  PUSH_JOB,
  async (job, { db, config, log }) => {
    const [subscription] = await db
      .select()
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, job.subscriptionId), eq(pushSubscriptions.user_id, job.userId)));
    if (!subscription) return;
    if (!endpointAllowed(config, subscription.endpoint)) {
      log.warn({ subscription: subscription.id }, 'push endpoint no longer allowed, subscription deleted');
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      return;
    }
    const keys = await vapidKeys(db, config);
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(job.payload),
        {
          vapidDetails: {
            subject: config.push.subject,
            publicKey: keys.publicKey,
            privateKey: keys.privateKey,
          },
          TTL: TTL_SECONDS,
          topic: `n${job.payload.notification.notification_id}`,
          timeout: 10_000,
        },
      );
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        log.info({ subscription: subscription.id }, 'push subscription gone, deleted');
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        return;
      }
      throw error;
    }
    await db
      .update(pushSubscriptions)
      .set({ last_sent_at: now() })
      .where(eq(pushSubscriptions.id, subscription.id));
  },
  { maxAttempts: 6, backoffMs: (attempt) => Math.min(600_000, 2_000 * 3 ** (attempt - 1)) },
);
