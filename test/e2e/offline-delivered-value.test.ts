/**
 * After a delivery the screen shows what the server now holds, across browser restarts: with a
 * persistent profile, the browser is closed and reopened offline, Paid Media's "Service Area" is
 * edited, the browser is closed and reopened offline again, then the connection returns. The
 * change is delivered once ("1 change sent") and the profile screen shows the new value, then and
 * on an offline reload after it. Background Sync is denied, so the page is what delivers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from './chromium';
import { useE2e } from './fixture';
import { outboxRows, waitForController } from './page-db';
import { field, screenshot, screenshotDir, signedInAs } from './screens';

const PROFILE = '/dashboard/account-settings/profile';

describe('the delivered value after browser restarts', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });
  // Each try of the test has a profile of its own, and its browser is closed however the try ends:
  // a retry that found the failed try's browser still holding the profile could not even start.
  let profileDir = '';
  let current: BrowserContext | null = null;
  beforeEach(() => {
    profileDir = mkdtempSync(join(tmpdir(), 'portal-e2e-profile-'));
  });
  afterEach(async ({ task }) => {
    // A failed try's page, photographed where the fixture puts its failure pictures.
    if (task.result?.state === 'fail')
      await current
        ?.pages()[0]
        ?.screenshot({ path: join(screenshotDir, '..', 'failures', `delivered-value-${Date.now()}.png`) })
        .catch(() => undefined);
    await current?.close().catch(() => undefined);
    current = null;
    rmSync(profileDir, { recursive: true, force: true });
  });

  /** The browser with the test's own profile (kept between launches), offline or not from the start. */
  async function openBrowser(offline: boolean, width = 1280): Promise<BrowserContext> {
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: inject('chromiumPath') ?? (await findChromium()),
      args: CHROMIUM_ARGS,
      headless: true,
      viewport: { width, height: 800 },
    });
    current = context;
    // The page is the one that delivers here: Background Sync is denied, as on browsers without it.
    // Granted, the browser wakes the worker at start-up when a write is queued (the real network is
    // up; only the pages are emulated offline), and the worker may deliver it before the reopened
    // page has shown it: a relaunch with no page of the app open delivered one within 15 s here.
    const page = context.pages()[0] ?? (await context.newPage());
    await (await context.newCDPSession(page)).send('Browser.setPermission', {
      origin: new URL(e2e.url('/')).origin,
      permission: { name: 'background-sync' },
      setting: 'denied',
    });
    await context.setOffline(offline);
    return context;
  }

  async function openProfile(context: BrowserContext) {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(e2e.url(PROFILE));
    const area = field(page, 'Service Area');
    await area.waitFor({ timeout: 20_000 });
    return { page, area };
  }

  it('shows the delivered Service Area, not the one from before the edit', { timeout: 240_000 }, async () => {
    const owner = await e2e.api('owner@demo.test');
    const before = (await (await owner.call('GET', '/client/profile')).json()) as {
      profile: { service_area: string };
    };
    const edited = `Delivered value ${Date.now()}`;

    let context = await openBrowser(false);
    const first = context.pages()[0] ?? (await context.newPage());
    await e2e.signedIn(first, 'owner@demo.test');
    await signedInAs(first, 'Maria Alvarez');
    await waitForController(first);
    await openProfile(context);
    await context.close();

    context = await openBrowser(true);
    let { page, area } = await openProfile(context);
    await expect.poll(() => area.inputValue()).toBe(before.profile.service_area);
    await area.fill(edited);
    await page
      .locator('section', { has: page.getByRole('heading', { name: 'Paid Media / Ad Details' }) })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect
      .poll(async () => (await outboxRows(page)).map((row) => [row.url, row.status]))
      .toEqual([['/client/profile', 'queued']]);
    await context.close();

    context = await openBrowser(true);
    ({ page, area } = await openProfile(context));
    await page.getByText('Pending sync').first().waitFor({ timeout: 60_000 });
    await context.setOffline(false);
    await page.getByText('1 change sent').waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await outboxRows(page)).length).toBe(0);
    const after = (await (await owner.call('GET', '/client/profile')).json()) as {
      profile: { service_area: string };
    };
    expect(after.profile.service_area).toBe(edited);
    await expect.poll(() => area.inputValue(), { timeout: 10_000 }).toBe(edited);
    await screenshot(page, 'delivered-value-profile-1280');
    await page.setViewportSize({ width: 390, height: 800 });
    await expect.poll(() => area.inputValue()).toBe(edited);
    await screenshot(page, 'delivered-value-profile-390');

    // The device's copy is the server's too: an offline reload shows the delivered value.
    await context.setOffline(true);
    ({ area } = await openProfile(context));
    await expect.poll(() => area.inputValue(), { timeout: 10_000 }).toBe(edited);
    await context.close();
  });
});
