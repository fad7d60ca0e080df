/**
 * The accessibility sweep over every dashboard screen (issue 16's axe check, beyond the sign-in,
 * sign-up, leads, drawer, bell and outbox screens the other files sweep): each screen once loaded,
 * at 1280 px and at 390 px, fails on a serious or critical axe violation (axe.ts). The franchise
 * sees the rollup screens; the owner sees the non-franchise performance page. Then the dialogs the
 * screens open (task forms, create and pause campaign, a campaign's drawer, add payment method),
 * each swept open; the bell, outbox and lead dialogs are swept where their own tests open them.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { useE2e } from './fixture';
import { settled } from './screens';

const FRANCHISE_SCREENS = [
  '/dashboard/overview',
  '/dashboard/overview/qsp',
  '/dashboard/performance/summary',
  '/dashboard/performance/search',
  '/dashboard/performance/social',
  '/dashboard/performance/programmatic',
  '/dashboard/performance/revconnect',
  '/dashboard/performance/devices',
  '/dashboard/campaigns',
  '/dashboard/billing/invoices',
  '/dashboard/billing/payment-methods',
  '/dashboard/account-settings/profile',
  '/dashboard/account-settings/linked-accounts',
  '/dashboard/account-settings/security',
  '/dashboard/account-settings/badges',
  '/dashboard/products',
  '/dashboard/services',
];

const OWNER_SCREENS = ['/dashboard/performance', '/dashboard/analytics'];

/** Waits until the screen has its heading and nothing is loading. */
async function ready(page: Page) {
  await page.locator('main h1, .shell-main h1').first().waitFor({ timeout: 20_000 });
  await settled(page);
}

async function sweep(page: Page, url: (path: string) => string, paths: string[], widths: number[]) {
  const problems: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const path of paths) {
      await page.goto(url(path));
      await ready(page);
      await expectAccessible(page, `${path} at ${width} px`).catch((error: Error) =>
        problems.push(error.message),
      );
    }
  }
  expect(problems.join('\n\n')).toBe('');
}

describe('accessibility of every dashboard screen', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  // One test per width: seventeen screens at both widths took more than a test's 90 s on a loaded
  // machine (a CI run).
  it.each([1280, 390])(
    'franchise screens have no serious or critical axe violations at %i px',
    async (width) => {
      const { context, page } = await e2e.newPage();
      await e2e.signedIn(page, 'franchise@demo.test');
      await sweep(page, e2e.url, FRANCHISE_SCREENS, [width]);
      await context.close();
    },
  );

  it('the dialogs the screens open have none either', async () => {
    const { context, page } = await e2e.newPage();
    const { showAd } = await e2e.signedIn(page, 'owner@demo.test');
    if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
    const problems: string[] = [];
    const sweepDialog = async (path: string | null, open: () => Locator, name: string | RegExp) => {
      if (path) {
        await page.goto(e2e.url(path));
        await ready(page);
      }
      await open().click();
      const dialog = page.getByRole('dialog', { name }).first();
      await dialog.waitFor();
      await settled(page);
      await expectAccessible(page, `dialog ${String(name)} on ${path ?? 'the same screen'}`).catch(
        (error: Error) => problems.push(error.message),
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    };
    const task = (name: string) => page.getByRole('button', { name: new RegExp(name) }).first();
    await sweepDialog(
      '/dashboard/overview',
      () => task('Tell customers what makes you stand out'),
      'Business Details',
    );
    await page.getByLabel('Search activities').fill('logo');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await sweepDialog(null, () => task('Upload your company logo'), 'Upload Logo');
    await sweepDialog(
      '/dashboard/campaigns',
      () => page.getByRole('button', { name: 'Create Campaign' }),
      'Create Campaign',
    );
    await sweepDialog(
      null,
      () => page.locator('[role="switch"][aria-checked="true"]:not([disabled])').first(),
      'Pause campaign',
    );
    await sweepDialog(null, () => page.locator('.campaigns-table__name').first(), /^Campaign /);
    await sweepDialog(
      '/dashboard/billing/payment-methods',
      () => page.getByRole('button', { name: 'Add New Payment Method' }),
      'Add New Payment Method',
    );
    expect(problems.join('\n\n')).toBe('');
    await context.close();
  });

  it('the owner’s performance page and analytics have none either', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signedIn(page, 'owner@demo.test');
    await sweep(page, e2e.url, OWNER_SCREENS, [1280, 390]);
    await context.close();
  });
});
