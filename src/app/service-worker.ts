/**
 * Registers the service worker (production builds only) with workbox-window.
 *
 * A new version waits until the user accepts it: the update bar's Reload (sync/ui/update-prompt)
 * sends SKIP_WAITING, and only the tab that asked reloads once the new worker controls it. Other
 * open tabs keep running (a form being typed is never lost) and keep showing the bar; their
 * Reload then simply reloads.
 */
import { Workbox } from 'workbox-window';
import { CACHE_ASSETS, type CacheAssetsMessage, isCacheableAsset } from '../db/cache-names';
import { offerUpdate } from '../sync/update';

/** How often an open app checks for a new version. */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * On the first install: the worker did not see what this page loaded before it took control, so
 * it is told, and keeps the files its precache leaves out (sw/asset-cache.ts): a chart screen
 * opened on the very first visit opens offline too.
 */
function sendLoadedAssets(): void {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => {
      const url = new URL(name);
      return url.origin === window.location.origin && isCacheableAsset(url.pathname);
    });
  const message: CacheAssetsMessage = { type: CACHE_ASSETS, urls };
  navigator.serviceWorker.controller?.postMessage(message);
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js');
  const hadController = Boolean(navigator.serviceWorker.controller);
  let accepted = false;
  workbox.addEventListener('waiting', () => {
    offerUpdate(() => {
      accepted = true;
      workbox.messageSkipWaiting();
    });
  });
  // Only a switch this tab asked for reloads it; the first install's claim does not.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController) sendLoadedAssets();
    if (accepted) window.location.reload();
    // Another tab took the new version: this one runs old code under the new worker until reloaded.
    else if (hadController) offerUpdate(() => window.location.reload());
  });
  workbox
    .register()
    .then((registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch((error: unknown) => console.error('Service worker registration failed', error));
}
