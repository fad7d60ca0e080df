import { describe, expect, it } from 'vitest';
import { ASSET_CACHE, isAppCache, isCacheableAsset } from '../../../src/db/cache-names';
import { precacheManifest } from '../../bench/speed-build';

describe("the app's own caches", () => {
  it('are the precache and the asset cache, which sign-out keeps; any other cache may hold user data', () => {
    expect(isAppCache('workbox-precache-v2-https://portal.example/')).toBe(true);
    expect(isAppCache(ASSET_CACHE)).toBe(true);
    expect(isAppCache('api-reads')).toBe(false);
    expect(isAppCache(`${ASSET_CACHE}-old`)).toBe(false);
  });

  it('take the hashed build files and the static images, never the API nor pages', () => {
    for (const path of [
      '/assets/chart-Bt_GB2uO.js',
      '/badges/fsr-badge.png',
      '/icon-512.png',
      '/logo.svg',
      '/demo/ads/roof-1.jpg',
    ])
      expect(isCacheableAsset(path), path).toBe(true);
    for (const path of ['/api/v1/leads', '/dashboard/leads', '/index.html', '/sw.js', '/badges'])
      expect(isCacheableAsset(path), path).toBe(false);
  });
});

describe('the precache manifest the bench counts', () => {
  it('is read from the injected list in sw.js', () => {
    const sw =
      'const e=[{"revision":"a1","url":"index.html"},{"revision":null,"url":"assets/index-X.js"}];precacheAndRoute(e)';
    expect(precacheManifest(sw)).toEqual(['index.html', 'assets/index-X.js']);
    expect(precacheManifest('no manifest')).toEqual([]);
  });
});
