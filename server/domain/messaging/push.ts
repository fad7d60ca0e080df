/**
 * Web Push, the stored side: the VAPID key pair, the users' push subscriptions, and the fan-out
 * of a notification to one durable job per subscription (sent by push-send.ts).
 *
 * - VAPID keys: from configuration, else generated once and kept in server_keys (the first
 *   instance to insert wins; every instance then reads the same pair).
 * - A subscription's endpoint is the push service's URL the server will POST to, so only the
 *   configured push services' hosts are accepted over https on its own port, 443 (no request
 *   forgery against our own network, nor against another service a vendor's host runs on another
 *   port), and never with userinfo (`https://fcm.googleapis.com@127.0.0.1/` is 127.0.0.1). The
 *   one exception is the tests' push service, by its exact origin (config.push.testService).
 * - Subscribing an endpoint that another user had moves it: one subscription, one user.
 */
import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload, PushSubscriptionBody } from '../../../src/api/contracts/push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pushSubscriptions, serverKeys } from '../../db/schema/push';
import { enqueueJob } from '../../jobs/queue';
import { now } from '../../lib/clock';

export const PUSH_JOB = 'push';
export type PushJob = { subscriptionId: number; userId: number; payload: PushPayload };

export type VapidKeys = { publicKey: string; privateKey: string };

export async function vapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  if (config.push.vapid) return config.push.vapid;
  const read = async () => {
    const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid'));
    return row?.value as VapidKeys | undefined;
  };
  const stored = await read();
  if (stored) return stored;
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insert(serverKeys)
    .values({ name: 'vapid', value: { publicKey: fresh.publicKey, privateKey: fresh.privateKey } })
    .onConflictDoNothing();
  return (await read()) as VapidKeys;
}

/** Whether the server may POST to this endpoint (a push service's https URL). */
export function endpointAllowed(config: Config, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // Userinfo first: whatever it says, the host after it is where the request goes.
  if (url.username || url.password) return false;
  if (config.push.testService !== null && url.origin === config.push.testService) return true;
  if (url.protocol !== 'https:') return false;
  // URL drops the default port, so any port left is one a browser's push service never hands out.
  if (url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return config.push.endpointHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

export async function saveSubscription(
  db: Db,
  userId: number,
  sessionId: number,
  body: PushSubscriptionBody,
) {
  const values = {
    user_id: userId,
    session_id: sessionId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
  };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, created_at: now() } });
}

/** Removes the caller's own subscription of this endpoint (nothing for another user's). */
export async function removeSubscription(db: Db, userId: number, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Signing out of a session removes the subscriptions it made (the device is no longer theirs). */
export async function removeSessionSubscriptions(db: Db, sessionId: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.session_id, sessionId));
}

/**
 * A notification just published for a user: one push job per subscription of theirs, in the
 * caller's transaction, keyed so the same notification never goes twice to one subscription.
 */
export async function enqueuePushes(db: Db, userId: number, notification: PushPayload['notification']) {
  const subscriptions = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.user_id, userId));
  for (const subscription of subscriptions) {
    const job: PushJob = {
      subscriptionId: subscription.id,
      userId,
      payload: { message_type: 'notification', user_id: userId, notification },
    };
    await enqueueJob(db, {
      kind: PUSH_JOB,
      payload: job,
      key: `push:${subscription.id}:${notification.notification_id}`,
    });
  }
}
