/**
 * Web Push (issue 18): the server's public VAPID key, a browser's push subscription as
 * PushSubscription.toJSON() gives it, and what a push message carries (the live channel's
 * notification message, with the user it is for, so a device signed in as someone else drops it).
 */
import { type Infer, literal, nullable, number, object, optional, size, string } from 'superstruct';
import { Notification } from './session';

export const PushKeyResponse = object({ public_key: string() });
export type PushKeyResponse = Infer<typeof PushKeyResponse>;

export const PushSubscriptionBody = object({
  endpoint: size(string(), 1, 2000),
  expirationTime: optional(nullable(number())),
  keys: object({ p256dh: size(string(), 1, 200), auth: size(string(), 1, 100) }),
});
export type PushSubscriptionBody = Infer<typeof PushSubscriptionBody>;

export const PushUnsubscribeBody = object({ endpoint: size(string(), 1, 2000) });
export type PushUnsubscribeBody = Infer<typeof PushUnsubscribeBody>;

export const PushSubscriptionResponse = object({ message: string() });

export const PushPayload = object({
  message_type: literal('notification'),
  user_id: number(),
  notification: Notification,
});
export type PushPayload = Infer<typeof PushPayload>;
