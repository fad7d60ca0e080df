/**
 * The files the precache leaves out (vite.config.ts `globIgnores`: the charts' chunk and the large
 * images, so installing the app downloads only what every screen needs): cache-first from the
 * asset cache, which fills as pages use them; a screen opened once online opens offline too.
 *
 * - Only same-origin GETs of hashed build assets and static images that are not in the precache.
 * - What a page loaded before this worker controlled it is sent over by the page (CACHE_ASSETS)
 *   and taken from the network (usually the browser's HTTP cache).
 * - A new version empties the cache when it activates: the old hashed files are never asked for
 *   again, and the new ones fill it as they are used.
 */
/// <reference lib="webworker" />
import { ASSET_CACHE, CACHE_ASSETS, isCacheableAsset } from '../src/db/cache-names';

declare const self: ServiceWorkerGlobalScope;

function lazyAsset(url: URL, precached: Set<string>): boolean {
  return url.origin === self.location.origin && isCacheableAsset(url.pathname) && !precached.has(url.href);
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

async function cacheAll(urls: string[], precached: Set<string>): Promise<void> {
  const cache = await caches.open(ASSET_CACHE);
  for (const href of urls) {
    const url = new URL(href, self.location.origin);
    if (!lazyAsset(url, precached) || (await cache.match(url.href))) continue;
    await cache.add(url.href).catch(() => undefined);
  }
}

/** Answers the lazy assets' requests and the pages' CACHE_ASSETS; `precached`: the manifest's URLs. */
export function installAssetCache(manifest: Array<{ url: string } | string>): (event: FetchEvent) => boolean {
  const precached = new Set(
    manifest.map(
      (entry) => new URL(typeof entry === 'string' ? entry : entry.url, self.location.origin).href,
    ),
  );
  self.addEventListener('activate', (event) => {
    event.waitUntil(caches.delete(ASSET_CACHE));
  });
  self.addEventListener('message', (event) => {
    const data = event.data as { type?: unknown; urls?: unknown } | null;
    if (data?.type !== CACHE_ASSETS || !Array.isArray(data.urls)) return;
    const urls = data.urls.filter((url): url is string => typeof url === 'string').slice(0, 200);
    event.waitUntil(cacheAll(urls, precached));
  });
  return (event) => {
    const { request } = event;
    if (request.method !== 'GET' || !lazyAsset(new URL(request.url), precached)) return false;
    event.respondWith(cacheFirst(request));
    return true;
  };
}
