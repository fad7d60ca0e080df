/**
 * What pages and the service worker say to each other: the postMessage messages, the outbox's
 * Web Lock and Background Sync tag, and the headers of the read cache. Imported by both sides
 * (src/ and sw/), so a renamed message or lock cannot leave one side talking to itself.
 *
 * - Messages are untrusted on arrival: read them with `readMessage`, which answers null for
 *   anything that is not one of ours.
 * - The outbox lock must be the same name in every tab and in the worker: it is what keeps two
 *   senders from delivering the same write twice.
 */

/** The one Web Lock held while the outbox is delivered (pages and worker alike). */
export const OUTBOX_LOCK = 'portal-outbox';
/** The Background Sync tag pages register while writes wait; the worker delivers on it. */
export const SYNC_TAG = 'portal-outbox';

/** On answers: 'network' (fresh, already stored by the worker) or 'cache' (served from the device). */
export const CACHE_HEADER = 'X-Portal-Cache';
/** When the answer's stored copy was written: on 'cache' answers, and on 'network' ones the worker stored. */
export const STORED_AT_HEADER = 'X-Portal-Stored-At';
/** On the worker's offline answer when nothing is stored. */
export const OFFLINE_HEADER = 'X-Portal-Offline';
/** Sent by callers that must not get a cached answer ('network-only'); the answer is still stored. */
export const CACHE_MODE_HEADER = 'X-Portal-Cache-Mode';

/** A new live notification, for the worker to show while no window of the app is visible. */
export type LiveNotificationMessage = {
  type: 'LIVE_NOTIFICATION';
  title: string;
  body: string;
  tag: string;
  url: string;
};

/** Page -> worker. SKIP_WAITING is what workbox-window's messageSkipWaiting() sends. */
export type PageMessage = { type: 'SKIP_WAITING' } | LiveNotificationMessage;

/** Worker -> pages. */
export type WorkerMessage = { type: 'STORAGE_FULL' } | { type: 'NAVIGATE'; url: string };

export type SwMessage = PageMessage | WorkerMessage;

const isText = (value: unknown): value is string => typeof value === 'string';
/** An in-app path: never another origin (`//host`) nor a scheme. */
export const isAppPath = (value: unknown): value is string =>
  isText(value) && value.startsWith('/') && !value.startsWith('//');

/** The message in `data` when it is one of ours and well-formed, else null. */
export function readMessage(data: unknown): SwMessage | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as Record<string, unknown>;
  switch (message.type) {
    case 'SKIP_WAITING':
    case 'STORAGE_FULL':
      return { type: message.type };
    case 'NAVIGATE':
      return isAppPath(message.url) ? { type: 'NAVIGATE', url: message.url } : null;
    case 'LIVE_NOTIFICATION': {
      const { title, body, tag, url } = message;
      if (!isText(title) || !isText(body) || !isText(tag) || !isAppPath(url)) return null;
      return { type: 'LIVE_NOTIFICATION', title, body, tag, url };
    }
    default:
      return null;
  }
}
