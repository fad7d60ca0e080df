/**
 * The Cache Storage caches of the app itself (code and images, no user data), which sign-out
 * keeps: the service worker's precache, and the asset cache that holds what the precache leaves
 * out (the charts' chunk, large images) once a page has used it (sw/asset-cache.ts).
 */
export const ASSET_CACHE = 'portal-assets';

/** Page -> worker: these same-origin files were loaded before the worker controlled the page. */
export const CACHE_ASSETS = 'CACHE_ASSETS';
export type CacheAssetsMessage = { type: typeof CACHE_ASSETS; urls: string[] };

export const isAppCache = (name: string) => name.startsWith('workbox-precache') || name === ASSET_CACHE;

/** Files the asset cache takes: the build's hashed assets and the static images (badges, ad thumbnails). */
export const isCacheableAsset = (pathname: string) =>
  /^\/(assets|badges|demo\/ads)\//.test(pathname) || /^\/[\w-]+\.(png|svg)$/.test(pathname);
