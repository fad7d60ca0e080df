/**
 * The phone's tab bar in a real browser (issue 51 item 8): at 390 px the five sections sit at the
 * bottom of the screen, each one navigates, a section's unread notifications show as its badge,
 * More opens the other sections, and the page ends above the bar; from a page load the keyboard
 * reaches the first lead in a few Tab presses. At 1280 px there is no bar.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { useE2e } from './fixture';
import { screenshot, screenshotDir, shots } from './screens';

describe('phone tab bar', () => {
  const e2e = useE2e({ axe: true });

  const bar = (page: Page) => page.locator('.tab-bar');
  /** The screen as the phone shows it (a full-page picture draws the fixed bar mid-page). */
  const onScreen = (page: Page, name: string) =>
    page.screenshot({ path: join(screenshotDir, `${name}-screen.png`), timeout: 20_000 });
  const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

  async function signedIn(page: Page, email: string) {
    const { showAd } = await e2e.signedIn(page, email);
    if (showAd) await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('heading', { name: 'Activity Manager' }).waitFor();
    await page.getByText('Login Successful').waitFor({ state: 'detached', timeout: 8000 });
  }

  /** Presses Tab until focus is on the first lead row's control; answers how many presses. */
  async function tabsToFirstLead(page: Page, limit = 40): Promise<number> {
    const first = page.locator('.leads-table__open').first();
    await first.waitFor();
    for (let presses = 1; presses <= limit; presses += 1) {
      await page.keyboard.press('Tab');
      if (await first.evaluate((el) => el === document.activeElement)) return presses;
    }
    return Number.POSITIVE_INFINITY;
  }

  it('shows the five sections at 390 px, each navigating, with the unread count as a badge', async () => {
    const { context, page } = await e2e.newPage(390, 844);
    await signedIn(page, 'owner@demo.test');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await bar(page).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(await nav.locator('.tab-bar__label').allTextContents()).toEqual([
      'Overview',
      'Leads',
      'Campaigns',
      'Billing',
      'More',
    ]);
    // Within the thumb's reach: the bar's bottom is the screen's.
    const box = await bar(page).boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
    expect(await nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');

    // Unread notifications count on the section they open: the owner's seeded ones on Campaigns
    // and Billing (the bell's 3), a new lead's on Leads.
    const unread = async () => Number((await bell(page).getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? 0);
    const leads = nav.getByRole('link', { name: /^Leads/ });
    const badge = async (link: typeof leads) =>
      (await link.getByTestId('tab-badge').count())
        ? Number(await link.getByTestId('tab-badge').textContent())
        : 0;
    expect(await badge(nav.getByRole('link', { name: /^Campaigns/ }))).toBe(1);
    expect(await badge(nav.getByRole('link', { name: /^Billing/ }))).toBe(2);
    const [before, leadsBefore] = [await unread(), await badge(leads)];
    expect(before).toBe(3 + leadsBefore);
    await e2e.emit('owner@demo.test', {
      notification: { message: 'New lead from Dana', action: 'go_to', index: 'leads', id: null },
    });
    // The bell reads its notifications after the screen's, then every minute; opening it asks at once.
    await bell(page).click();
    await page.getByText('New lead from Dana').first().waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => badge(leads)).toBe(leadsBefore + 1);
    expect(await leads.evaluate((el) => el.textContent)).toBe(
      `Leads${leadsBefore + 1}, ${leadsBefore + 1} unread`,
    );
    expect(await unread()).toBe(before + 1);
    await shots(page, 'tab-bar-overview');
    await onScreen(page, 'tab-bar-overview-390');
    expect(await bar(page).isVisible()).toBe(true);

    for (const [name, url, heading] of [
      ['Leads', '/dashboard/leads', 'Leads'],
      ['Campaigns', '/dashboard/campaigns', 'Campaigns'],
      ['Billing', '/dashboard/billing/invoices', 'Billing'],
      ['Overview', '/dashboard/overview', 'Activity Manager'],
    ] as const) {
      await nav.getByRole('link', { name: new RegExp(`^${name}`) }).click();
      await page.waitForURL(`**${url}`);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      expect(await nav.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('aria-current')).toBe(
        'page',
      );
    }

    // More opens the other sections above the bar; choosing one closes it.
    const more = nav.getByRole('button', { name: 'More' });
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator('.tab-bar__panel');
    await panel.getByRole('link', { name: 'Programmatic' }).waitFor();
    expect(await panel.getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(['Performance', 'Summary', 'Products']),
    );
    // At 390 px only: at 1280 px the bar is hidden, and the panel closes as focus leaves it.
    await screenshot(page, 'tab-bar-more-390');
    await onScreen(page, 'tab-bar-more-390');
    await expectAccessible(page, 'the tab bar with More open');
    await panel.getByRole('link', { name: 'Products' }).click();
    await page.waitForURL('**/dashboard/products');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await more.getAttribute('class')).toContain('tab-bar__item--active');

    // The page ends above the bar: scrolled to the bottom, its last content is not behind it.
    await page.goto(e2e.url('/dashboard/leads'));
    await page.locator('.leads-table__open').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const end = await page.evaluate(() => {
      const main = document.getElementById('main');
      const last = main?.lastElementChild?.getBoundingClientRect().bottom ?? 0;
      return { last, barTop: document.querySelector('.tab-bar')?.getBoundingClientRect().top ?? 0 };
    });
    expect(end.last).toBeLessThanOrEqual(end.barTop);
    await onScreen(page, 'tab-bar-leads-end-390');
    await context.close();
  });

  it('reaches the first lead in a few Tab presses from a page load', async () => {
    const { context, page } = await e2e.newPage(390, 844);
    await signedIn(page, 'owner@demo.test');

    // On the leads page: the skip link, Enter, then the page's toolbar and sort buttons.
    await page.goto(e2e.url('/dashboard/leads'));
    await page.locator('.leads-table__open').first().waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(1 + 1 + (await tabsToFirstLead(page))).toBeLessThanOrEqual(10);

    // From the overview: the bar comes right after the header's few controls, so Leads is the
    // sixth stop, then the same way to the first lead.
    await page.goto(e2e.url('/dashboard/overview'));
    await page.getByRole('heading', { name: 'Activity Manager' }).waitFor();
    const leads = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Leads/ });
    let presses = 0;
    while (presses < 20 && !(await leads.evaluate((el) => el === document.activeElement))) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(presses).toBeLessThanOrEqual(6);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard/leads');
    // Focus stays on Leads in the bar: the page's first control is three stops away.
    expect(await leads.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await tabsToFirstLead(page)).toBeLessThanOrEqual(11);
    await context.close();
  });

  it('has no bar at 1280 px', async () => {
    const { context, page } = await e2e.newPage(1280, 800);
    await signedIn(page, 'owner@demo.test');
    expect(await bar(page).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').first().textContent()).toBe(
      'Overview',
    );
    await context.close();
  });
});
