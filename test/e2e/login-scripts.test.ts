/**
 * Signing in from a first visit to /login, whose form shows before the offline core (Dexie, the
 * sync engine) has loaded (which scripts come before the form is the bench's, test/bench/
 * load-shape.ts): signing in lands on the overview with the session stored. A sign-in sent
 * before the core has arrived goes out at once; what the dashboard asks next waits for the core
 * and carries the new session's headers.
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

/** The offline core's chunk (the sync engine's own message; Dexie shares it, vite.config.ts GROUPS). */
const coreChunk = () => chunkWith('Could not purge other users');

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

describe('signing in from a first visit', () => {
  const e2e = useE2e();

  it('shows the form and signs in to the overview, the session stored', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/login'));
    await page.getByLabel('Email').fill('owner@demo.test');
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
