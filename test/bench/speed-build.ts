/**
 * Transfer figures of the production build for `npm run bench` (issue 17), against a running
 * server: what /login ships (its JS gzip-sized, and every byte as the server sends it to a browser
 * that accepts br/gzip) and the service worker's precache download (its injected manifest), raw
 * and as sent.
 */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { figure } from './budget';

const KB = 1024;
const PRECACHED = /\.(js|css|html|png|svg|webmanifest)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Bytes the server sends for a path to a client accepting br and gzip (counted as they arrive). */
function sentBytes(url: string): Promise<{ bytes: number; encoding: string | null }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength;
      });
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? null }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** The files of the precache manifest injected into sw.js (`"url":"assets/x.js"` entries). */
export function precacheManifest(swSource: string): string[] {
  return [...swSource.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]);
}

/**
 * The precache (the manifest the build injected into sw.js; without one, every file the
 * worker's glob would take): raw and as sent.
 */
async function precache(base: string, dist: string) {
  let raw = 0;
  let sent = 0;
  const sw = join(dist, 'sw.js');
  const listed = existsSync(sw) ? precacheManifest(readFileSync(sw, 'utf8')) : [];
  const paths = listed.length
    ? listed.map((url) => join(dist, url))
    : [...files(dist)].filter((path) => PRECACHED.test(path) && !path.endsWith('sw.js'));
  for (const path of paths) {
    raw += statSync(path).size;
    sent += (await sentBytes(`${base}/${relative(dist, path)}`)).bytes;
  }
  return { raw, sent, files: paths.length };
}

/** Notes, from before the app runs, when the first input of a form appeared (page-relative ms). */
const FORM_WATCH = `new MutationObserver((_, observer) => {
  if (!document.querySelector('#root form input')) return;
  window.__formAt = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });`;

/**
 * First visit to /login in a fresh context: the document and the scripts and styles the page
 * asked for until the form showed (the service worker's precache comes later and is counted
 * apart). "Until" is read in the page (each resource's request start against the moment the first
 * input appeared), not from when the bench got to look: what loads when the page is idle after
 * showing the form is not initial.
 */
async function loginResources(browser: Browser, base: string) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(FORM_WATCH);
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.waitForFunction(() => (window as { __formAt?: number }).__formAt !== undefined);
  const urls = await page.evaluate(() => {
    const formAt = (window as { __formAt?: number }).__formAt ?? 0;
    const assets = performance
      .getEntriesByType('resource')
      .filter((entry) => /\.(js|css)$/.test(new URL(entry.name).pathname) && entry.startTime <= formAt)
      .map((entry) => entry.name);
    return [location.href, ...new Set(assets)];
  });
  await context.close();
  return urls;
}

export async function buildFigures(browser: Browser, base: string, dist: string): Promise<string[]> {
  const lines = ['  -- transfers (production build) --'];
  const urls = await loginResources(browser, base);
  let jsGzip = 0;
  let shipped = 0;
  let raw = 0;
  for (const url of urls) {
    const path = new URL(url).pathname;
    const file = join(dist, path === '/login' ? 'index.html' : path);
    if (existsSync(file)) {
      const data = readFileSync(file);
      raw += data.byteLength;
      if (file.endsWith('.js')) jsGzip += gzipSync(data, { level: 9 }).byteLength;
    }
    shipped += (await sentBytes(url)).bytes;
  }
  const asset = urls.find((url) => url.endsWith('.js'));
  const encoding = asset ? (await sentBytes(asset)).encoding : null;
  lines.push(figure('initial JS for /login (gzip)', jsGzip / KB, 'KB', { max: 120 }));
  lines.push(figure('/login as shipped (html, js, css)', shipped / KB, 'KB', { max: 180 }));
  lines.push(`  ${'  the same, uncompressed'.padEnd(44)} ${Math.round(raw / KB)} KB`);
  lines.push(`  ${'  JS content-encoding (accept br, gzip)'.padEnd(44)} ${encoding ?? 'none'}`);
  const settings = await fetch(`${base}/api/v1/client/create_session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'franchise@demo.test', password: 'Portal-demo-1!' }),
  });
  const session = (await settings.json()) as { token: string; user_id: number };
  const leads = await fetch(`${base}/api/v1/leads`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-encoding': 'br, gzip',
      'x-auth-token': session.token,
      'x-user-id': String(session.user_id),
    },
    body: JSON.stringify({ page: 1, per_page: 20, order_by: 'created_at', order: 'desc' }),
  });
  lines.push(
    `  ${'  API JSON content-encoding (POST /leads)'.padEnd(44)} ${leads.headers.get('content-encoding') ?? 'none'}`,
  );
  const pre = await precache(base, dist);
  lines.push(figure('precache download as sent', pre.sent / KB, 'KB', { max: 450 }));
  lines.push(
    `  ${'  the same, uncompressed'.padEnd(44)} ${Math.round(pre.raw / KB)} KB (${pre.files} files)`,
  );
  return lines;
}
