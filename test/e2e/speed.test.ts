/**
 * Content at once (issue 17): a page whose chunk is already here renders without the loading
 * spinner, after a reload (online and offline) and after signing in; a first visit to /login shows
 * the form without it either. Each page records, from before the app's first script runs, whether
 * the spinner (app/page-loading.tsx) was ever put in the DOM.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { openLeads } from './leads-helpers';
import { waitForController } from './page-db';
import { screenshot } from './screens';

type Watched = Window & { spinnerShown?: boolean };

/** From the next navigation on, `spinnerShown` says whether the Suspense spinner appeared. */
async function watchSpinner(page: Page) {
  await page.addInitScript(() => {
    const w = window as Watched;
    w.spinnerShown = false;
    new MutationObserver(() => {
      if (document.querySelector('.page-loading[role="status"]')) w.spinnerShown = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

const spinnerShown = (page: Page) => page.evaluate(() => (window as Watched).spinnerShown);
const firstRow = (page: Page) => page.locator('.leads-table__open').first();

describe('content at once', () => {
  const e2e = useE2e();

  it('reloads the leads screen, online and offline, straight to the rows', async () => {
    const { context, page } = await e2e.newPage();
    await openLeads(e2e, page, 'owner@demo.test');
    await firstRow(page).waitFor();
    await waitForController(page);
    await watchSpinner(page);

    await page.reload();
    await firstRow(page).waitFor();
    expect(await spinnerShown(page)).toBe(false);

    await context.setOffline(true);
    await page.reload();
    await firstRow(page).waitFor();
    expect(await spinnerShown(page)).toBe(false);
    await screenshot(page, 'speed-leads-offline-reload-1280');
    await context.setOffline(false);
  });

  it('shows the login form on a first visit and the dashboard after sign-in, without the spinner', async () => {
    const { page } = await e2e.newPage(390, 844);
    await watchSpinner(page);
    await page.goto(e2e.url('/login'));
    await page.getByLabel('Email').waitFor();
    expect(await spinnerShown(page)).toBe(false);
    await screenshot(page, 'speed-login-first-visit-390');

    // Typing preloads where signing in lands: the shell and its landing page.
    const shell = page.waitForResponse((r) => /\/assets\/dashboard-shell-[^/]+\.js$/.test(r.url()));
    await page.getByLabel('Email').fill('owner@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('Portal-demo-1!');
    await shell;
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/overview');
    await page
      .getByRole('button', { name: /Maria Alvarez/ })
      .first()
      .waitFor();
    expect(await spinnerShown(page)).toBe(false);
    await screenshot(page, 'speed-signed-in-390');
  });
});
