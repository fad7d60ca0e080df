/**
 * Web Push on this device (issue 18): subscribing the service worker's push manager with the
 * server's VAPID key and telling the server, and the device-level off switch.
 *
 * - Only after the user granted the notification permission (from a click: the bell's prompt);
 *   nothing here ever asks for the permission itself, so a user who denied it is never asked again.
 * - The switch is per device (a device key of lib/device-storage.ts, kept at sign-out: it says
 *   nothing about a user): 'on' re-registers this device's subscription for
 *   whoever signs in here (the server drops it at sign-out), 'off' unsubscribes it.
 * - Needs a connection (the server must learn the subscription): callers handle the ApiError.
 */
import { request } from '../api/client';
import { endpointPath } from '../api/contracts/endpoints';
import { PushKeyResponse, PushSubscriptionResponse } from '../api/contracts/push';
import { readDeviceItem, writeDeviceItem } from '../lib/device-storage';
import { createEmitter } from '../lib/store';

export type PushState = 'unsupported' | 'blocked' | 'ask' | 'off' | 'on';

const changed = createEmitter();
export const onPushChange = changed.subscribe;

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    typeof Notification !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

const preference = (): 'on' | 'off' | null => {
  const value = readDeviceItem('portal-push');
  return value === 'on' || value === 'off' ? value : null;
};

/** Where this device stands: no support, permission denied, not asked yet, or the switch. */
export function pushState(): PushState {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission === 'default') return 'ask';
  return preference() === 'on' ? 'on' : 'off';
}

/** The VAPID key as the push manager wants it (bytes from URL-safe base64). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** Subscribes this device (permission already granted) and registers it for the signed-in user. */
export async function enablePush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const { public_key } = await request(PushKeyResponse, endpointPath('GET /push/key'), { toast: false });
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(public_key),
    }));
  await request(PushSubscriptionResponse, endpointPath('POST /push/subscription'), {
    method: 'POST',
    body: subscription.toJSON() as Record<string, unknown>,
    toast: false,
  });
  writeDeviceItem('portal-push', 'on');
  changed.emit();
}

/** The device's off switch: the server forgets the subscription, the browser drops it. */
export async function disablePush(): Promise<void> {
  writeDeviceItem('portal-push', 'off');
  changed.emit();
  if (!pushSupported()) return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  // Offline the server cannot hear it; the push service then answers 410 and the server prunes it.
  await request(PushSubscriptionResponse, endpointPath('DELETE /push/subscription'), {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
    toast: false,
    quiet: true,
  }).catch(() => undefined);
  await subscription.unsubscribe();
}

/** After sign-in: a device switched on registers its subscription for this user again. */
export async function resumePush(): Promise<void> {
  if (pushState() !== 'on') return;
  await enablePush().catch(() => undefined);
}
