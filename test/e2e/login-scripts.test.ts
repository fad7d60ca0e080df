/**
 * What a first visit to /login downloads before its form shows (issue 17: initial JS <= 120 KB).
 * Dexie, the sync engine and the rest of the offline core are not among it: they load on the
 * first sign of use (or when the page is idle), and signing in still lands on the overview with
 * the session stored. A sign-in sent before the core has arrived goes out at once; what the
 * dashboard asks next waits for the core and carries the new session's headers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { holdRequests } from './held-requests';
import { hasStoredSession } from './page-db';

const assets = join(resolve(import.meta.dirname, '../..'), 'dist', 'assets');

/** The built chunk whose source contains `marker` (exactly one must). */
function chunkWith(marker: string): string {
  const found = readdirSync(assets).filter(
    (name) => name.endsWith('.js') && readFileSync(join(assets, name), 'utf8').includes(marker),
  );
  expect(found, `chunks containing ${marker}`).toHaveLength(1);
  return found[0];
}

/** Dexie's chunk: its own message for two copies loaded in one app. */
const dexieChunk = () => chunkWith('Two different versions of Dexie loaded');
/** The offline core's chunk (the sync engine's own message; Dexie shares it, vite.config.ts GROUPS). */
const coreChunk = () => chunkWith('Could not purge other users');

type Watched = Window & { formAt?: number };

/**
 * The scripts the page asked for before its form first showed, as the page itself saw it (the
 * moment the first input appeared, against each script's request start): what the idle moment
 * after that loads is not part of it, however soon the test gets to look.
 */
async function scriptsBeforeForm(page: Page): Promise<string[]> {
  await page.waitForFunction(() => (window as Watched).formAt !== undefined);
  return page.evaluate(() => {
    const formAt = (window as Watched).formAt ?? 0;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js') && entry.startTime <= formAt)
      .map((entry) => new URL(entry.name).pathname.split('/').pop() ?? '');
  });
}

async function watchForm(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('#root form input')) return;
      (window as Watched).formAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

const apiCalls = (page: Page) => {
  const calls: { path: string; token: string | null }[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/v1/'))
      calls.push({
        path: pathname.slice('/api/v1'.length),
        token: request.headers()['x-auth-token'] ?? null,
      });
  });
  return calls;
};

describe('the sign-in page downloads only what its form needs', () => {
  const e2e = useE2e();

  it('shows the form without Dexie, loads it once the visitor starts, and signs in to the overview', async () => {
    const dexie = dexieChunk();
    const { page } = await e2e.newPage();
    await watchForm(page);
    await page.goto(e2e.url('/login'));
    const beforeForm = await scriptsBeforeForm(page);
    expect(beforeForm.some((name) => name.startsWith('login-page-'))).toBe(true);
    expect(beforeForm).not.toContain(dexie);
    expect(beforeForm).not.toContain(coreChunk());

    // Typing is the first sign of use: the core and Dexie load before the visitor presses the button.
    await page.getByLabel('Email').fill('owner@demo.test');
    await expect
      .poll(() =>
        page.evaluate(
          (name) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(`/${name}`)),
          dexie,
        ),
      )
      .toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('Portal-demo-1!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/overview');
    await page.getByRole('heading', { name: 'Activity Manager' }).waitFor();
    await expect.poll(() => hasStoredSession(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('portal:session'))).toBe('1');
  });

  it('sends a quick sign-in at once; the dashboard’s calls wait for the core and carry the session', async () => {
    const { page } = await e2e.newPage();
    const core = coreChunk();
    expect(core).toBeDefined();
    // The core is slow to come: it arrives only when the test lets it.
    const release = await holdRequests(page, `**/assets/${core}`);
    const calls = apiCalls(page);
    await page.goto(e2e.url('/login'));
    await page.getByLabel('Email').fill('owner@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('Portal-demo-1!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The sign-in goes out at once while the core is still held back; nothing else does (the
    // shell shares the core's chunk, vite.config.ts GROUPS, so it comes with it).
    await expect.poll(() => calls.map((call) => call.path)).toEqual(['/client/create_session']);

    release();
    await page.waitForURL('**/dashboard/overview');
    await page.getByRole('heading', { name: 'Activity Manager' }).waitFor();
    await expect.poll(() => calls.some((call) => call.path === '/user/settings')).toBe(true);
    const token = calls.find((call) => call.path === '/user/settings')?.token;
    expect(token).toMatch(/\S+/);
    expect(
      calls.filter((call) => call.path !== '/client/create_session').every((c) => c.token === token),
    ).toBe(true);
    await expect.poll(() => hasStoredSession(page)).toBe(true);
  });
});
