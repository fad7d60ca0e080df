/**
 * The service worker: precaches the app shell and answers every in-app navigation with it, so the
 * installed app opens offline on any route; serves API reads network-first from the read cache
 * (api-cache.ts) and what the precache leaves out cache-first (asset-cache.ts); delivers the outbox on Background Sync (outbox-sync.ts); shows live
 * notifications while no window is visible, receives Web Push (push.ts: stored in the bell's
 * table, shown unless a window is visible), and opens the right page when one is clicked.
 *
 * - Our fetch listener is registered BEFORE precacheAndRoute and stops propagation once it has
 *   answered: a FetchEvent may be answered only once, and workbox's router would otherwise try to
 *   answer `/` (its directory index) a second time.
 * - `Accept: text/event-stream` requests (the live channel) never reach a caching route.
 * - A new worker waits until the page sends {type: 'SKIP_WAITING'} (src/lib/sw-protocol.ts), so a running tab never switches
 *   versions under the user's feet.
 */
/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import {
  type LiveNotificationMessage,
  readMessage,
  SYNC_TAG,
  type WorkerMessage,
} from '../src/lib/sw-protocol';
import { onStorageFull } from '../src/sync/storage';
import { handleApiRead } from './api-cache';
import { installAssetCache } from './asset-cache';
import { syncOutbox } from './outbox-sync';
import { installPushHandlers, onNotificationClick } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const APP_SHELL = 'index.html';

/**
 * In-app page routes: top-level (a frame's page, e.g. the embedded analytics, is never the app),
 * same origin, not the API, and no file extension (a missing asset must 404).
 */
function isAppNavigation(request: Request): boolean {
  if (request.mode !== 'navigate' || request.method !== 'GET') return false;
  if (request.destination !== 'document') return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return false;
  if (url.pathname.startsWith('/api/')) return false;
  const lastSegment = url.pathname.split('/').pop() ?? '';
  return !lastSegment.includes('.');
}

async function answerNavigation(request: Request): Promise<Response> {
  const shell = await matchPrecache(APP_SHELL);
  return shell ?? fetch(request);
}

// Injected at build time; workbox-build wants the one mention.
const manifest = self.__WB_MANIFEST;
const handleLazyAsset = installAssetCache(manifest);

self.addEventListener('fetch', (event) => {
  if (isAppNavigation(event.request)) {
    event.respondWith(answerNavigation(event.request));
    event.stopImmediatePropagation();
  } else if (handleApiRead(event) || handleLazyAsset(event)) {
    event.stopImmediatePropagation();
  }
});

cleanupOutdatedCaches();
precacheAndRoute(manifest);

type SyncEvent = ExtendableEvent & { tag: string };
self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const sync = event as unknown as SyncEvent;
  if (sync.tag === SYNC_TAG) sync.waitUntil(syncOutbox());
});

onStorageFull(() => {
  void self.clients.matchAll({ type: 'window' }).then((clients) => {
    const message: WorkerMessage = { type: 'STORAGE_FULL' };
    for (const client of clients) client.postMessage(message);
  });
});

async function showIfHidden(message: LiveNotificationMessage): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.some((client) => client.visibilityState === 'visible')) return;
  await self.registration.showNotification(message.title, {
    body: message.body,
    tag: message.tag,
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    data: { url: message.url },
  });
}

self.addEventListener('message', (event) => {
  const message = readMessage(event.data);
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  else if (message?.type === 'LIVE_NOTIFICATION') event.waitUntil(showIfHidden(message));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(onNotificationClick(event.notification.data, event.action));
});

installPushHandlers();

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
