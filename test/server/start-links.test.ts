/**
 * The dashboard's pages name the chunks every signed-in screen loads first in a Link header
 * (server/lib/start-links.ts, from the build manifest), with the page's own chunk and what it
 * imports, so a cold load fetches them alongside the entry; the sign-in page and the API do not get
 * it, and a build without a manifest sends none.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLinks } from '../../server/lib/start-links';
import { startApp, type TestApp } from './helpers';

const MANIFEST = {
  'index.html': {
    file: 'assets/index-a1.js',
    name: 'index',
    isEntry: true,
    css: ['assets/index-a1.css'],
    imports: ['_runtime-a0.js'],
  },
  '_runtime-a0.js': { file: 'assets/runtime-a0.js', name: 'runtime' },
  '_kit-b2.js': { file: 'assets/kit-b2.js', name: 'kit', css: ['assets/kit-b2.css'] },
  '_core-c3.js': { file: 'assets/core-c3.js', name: 'core' },
  '_shell-d4.js': { file: 'assets/shell-d4.js', name: 'shell', css: ['assets/shell-d4.css'] },
  'src/features/leads/leads-page.tsx': {
    file: 'assets/leads-page-e5.js',
    name: 'leads-page',
    css: ['assets/leads-page-e5.css'],
  },
  'src/features/overview/overview-page.tsx': { file: 'assets/overview-page-f6.js', name: 'overview-page' },
  'src/features/performance/rollup-page.tsx': {
    file: 'assets/rollup-page-g7.js',
    name: 'rollup-page',
    imports: ['_runtime-a0.js', 'index.html', '_kit-b2.js', '_stat-tile-h8.js', '_checkbox-i9.js'],
  },
  '_stat-tile-h8.js': {
    file: 'assets/stat-tile-h8.js',
    name: 'stat-tile',
    css: ['assets/stat-tile-h8.css'],
    imports: ['_checkbox-i9.js', '_core-c3.js'],
  },
  '_checkbox-i9.js': { file: 'assets/checkbox-i9.js', name: 'checkbox', imports: ['_kit-b2.js'] },
};

function writeDist(dir: string, manifest: unknown) {
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  if (manifest !== undefined) writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
}

describe('start chunks named in a Link header', () => {
  let t: TestApp;
  const distDir = mkdtempSync(join(tmpdir(), 'portal-dist-'));

  beforeAll(async () => {
    writeDist(distDir, MANIFEST);
    t = await startApp('pglite', { distDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const START = [
    '</assets/kit-b2.js>; rel=modulepreload',
    '</assets/kit-b2.css>; rel=preload; as=style; crossorigin',
    '</assets/core-c3.js>; rel=modulepreload',
    '</assets/shell-d4.js>; rel=modulepreload',
    '</assets/shell-d4.css>; rel=preload; as=style; crossorigin',
  ];

  it('sends the kit, the core and the shell (with their styles) to a dashboard page', async () => {
    for (const url of ['/dashboard/billing/invoices?page=2', '/dashboard/campaigns']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers.link, url).toBe(START.join(', '));
    }
  });

  it("adds the page's own chunk and styles where the build has the area's page", async () => {
    const leads = await t.app.inject({ url: '/dashboard/leads?id=5' });
    expect(leads.headers.link).toBe(
      [
        ...START,
        '</assets/leads-page-e5.js>; rel=modulepreload',
        '</assets/leads-page-e5.css>; rel=preload; as=style; crossorigin',
      ].join(', '),
    );
    const overview = await t.app.inject({ url: '/dashboard' });
    expect(overview.headers.link).toBe(
      [...START, '</assets/overview-page-f6.js>; rel=modulepreload'].join(', '),
    );
  });

  it("adds what the page's chunk imports, once each, and not what the entry or the start groups hold", async () => {
    const expected = [
      ...START,
      '</assets/rollup-page-g7.js>; rel=modulepreload',
      '</assets/stat-tile-h8.js>; rel=modulepreload',
      '</assets/stat-tile-h8.css>; rel=preload; as=style; crossorigin',
      '</assets/checkbox-i9.js>; rel=modulepreload',
    ].join(', ');
    // Every sub-page of the performance area is the rollup page (src/app/dashboard-routes.tsx).
    for (const url of ['/dashboard/performance/summary', '/dashboard/performance/devices?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.headers.link, url).toBe(expected);
    }
  });

  it('answers an unknown dashboard path with the start chunks alone', async () => {
    for (const url of [
      '/dashboard/nothing-here',
      '/dashboard/performance/summary/extra',
      '/dashboard/a/b/c',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.headers.link, url).toBe(START.join(', '));
    }
  });

  it('answers HEAD on a client route as GET, headers and no body (an uptime probe sees the app up)', async () => {
    for (const url of ['/', '/login', '/dashboard/leads']) {
      const get = await t.app.inject({ url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers.link, url).toBe(get.headers.link);
      expect(head.body, url).toBe('');
    }
    const api = await t.app.inject({ method: 'HEAD', url: '/api/v1/nothing' });
    expect(api.statusCode).toBe(404);
  });

  it('sends nothing to the sign-in page, sign-up or the API', async () => {
    for (const url of ['/login', '/signup', '/dashboardx', '/api/v1/user/settings']) {
      const res = await t.app.inject({ url });
      expect(res.headers.link, url).toBeUndefined();
    }
  });

  it('names nothing when the build has no manifest or an unreadable one', () => {
    const bare = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    try {
      writeDist(bare, undefined);
      expect(startLinks(bare)).toBeNull();
      writeFileSync(join(bare, '.vite', 'manifest.json'), '{ not json');
      expect(startLinks(bare)).toBeNull();
      writeFileSync(
        join(bare, '.vite', 'manifest.json'),
        JSON.stringify({ 'index.html': MANIFEST['index.html'] }),
      );
      expect(startLinks(bare)).toBeNull();
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
