/**
 * The dashboard shell in a real browser (spec part 1 §2 "Dashboard shell", §8): header tabs and
 * their dropdowns, keyboard use, the collapsed menu at 800 px (a phone's tab bar has its own
 * file, tab-bar.test.ts), the bell with a new notification and every notification action, the
 * user menu; screenshots at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { useE2e } from './fixture';
import { screenshot } from './screens';

describe('dashboard shell', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  const emit = (
    email: string,
    notification: { message: string; action: string; index?: string | null; id?: number | null },
  ) => e2e.emit(email, { notification });

  async function signedIn(page: Page, email: string) {
    await e2e.signedIn(page, email);
    // Every user here lands on the overview.
    await page.getByRole('heading', { name: 'Activity Manager' }).waitFor();
    // Let the sign-in toast leave before any screenshot.
    await page.getByText('Login Successful').waitFor({ state: 'detached', timeout: 8000 });
  }

  const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
  const list = (page: Page) => page.getByRole('list', { name: 'Notifications' });

  it('shows the header at 1280 px, with dropdown tabs usable by keyboard', async () => {
    const { context, page } = await e2e.newPage();
    await signedIn(page, 'owner@demo.test');
    const main = page.getByRole('navigation', { name: 'Main' });
    expect(await main.getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Leads',
      'Campaigns',
      'Products',
    ]);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    await screenshot(page, 'shell-1280');

    const performance = main.getByRole('button', { name: 'Performance' });
    await performance.focus();
    await page.keyboard.press('Enter');
    expect(await performance.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Summary');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Search');
    await screenshot(page, 'shell-performance-menu-1280');
    await page.keyboard.press('Escape');
    expect(await performance.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Performance');

    await page.keyboard.press('Space');
    expect(await performance.getAttribute('aria-expanded')).toBe('true');
    await main.getByRole('link', { name: 'Search' }).click();
    await page.waitForURL('**/dashboard/performance/search');
    await page.getByRole('heading', { level: 1, name: 'Paid Search' }).waitFor();
    expect(await performance.getAttribute('aria-expanded')).toBe('false');

    await main.getByRole('button', { name: 'Billing' }).click();
    await main.getByRole('link', { name: 'Payment Methods' }).click();
    await page.waitForURL('**/dashboard/billing/payment-methods');

    await page.getByRole('link', { name: 'Customer Portal home' }).click();
    await page.waitForURL('**/dashboard/overview');

    await page.getByRole('button', { name: 'Maria Alvarez' }).click();
    const menu = page.locator('.user-menu__panel');
    expect(await menu.textContent()).toContain('owner@demo.test');
    await screenshot(page, 'shell-user-menu-1280');
    await page.getByRole('link', { name: 'My Account' }).click();
    await page.waitForURL('**/dashboard/account-settings/profile');
    await context.close();
  });

  it('shows a new notification after a refresh and does what each action says', async () => {
    const { context, page } = await e2e.newPage();
    await signedIn(page, 'franchise@demo.test');
    // The ad for this user: close it first.
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    // The bell's first read can take a while on a starved machine (CI shares two cores).
    await expect
      .poll(() => bell(page).getAttribute('aria-label'), { timeout: 45_000 })
      .toBe('Notifications, 3 unread');
    expect(await page.getByTestId('bell-dot').isVisible()).toBe(true);

    await emit('franchise@demo.test', {
      message: 'Your export of leads is ready to download.',
      action: 'download',
      id: 999_999,
    });
    await bell(page).click();
    await list(page).getByText('Your export of leads is ready to download.').waitFor();
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications, 4 unread');
    const box = await page.locator('.bell__panel').boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(300);
    const listBox = await list(page).boundingBox();
    expect(Math.round(listBox?.height ?? 0)).toBeLessThanOrEqual(250);
    await screenshot(page, 'shell-bell-1280');

    // download without a file: the spec's message
    await list(page).getByText('Your export of leads is ready to download.').click();
    await page.getByText('File has expired, Please issue export request again.').waitFor();

    // go_to billing with the invoice's id -> invoices; billing without an id (the card that
    // expires) -> payment methods (the seed uses only the spec's indexes, billing and campaigns);
    // campaigns -> campaigns
    await list(page)
      .getByText(/Your invoice for last month/)
      .click();
    await page.waitForURL('**/dashboard/billing/invoices');
    await page.goto(e2e.url('/dashboard/overview'));
    await bell(page).click();
    await list(page)
      .getByText(/Your card ending 4242/)
      .click();
    await page.waitForURL('**/dashboard/billing/payment-methods');
    await bell(page).click();
    await list(page)
      .getByText(/A campaign budget was adjusted/)
      .click();
    await page.waitForURL('**/dashboard/campaigns');

    // no_action only marks read; long messages are cut at 70 characters with Show more
    const long = `Heads up: ${'your reporting for every location now refreshes hourly. '.repeat(2)}`.trim();
    await emit('franchise@demo.test', { message: long, action: 'no_action' });
    await bell(page).click();
    const item = list(page).locator('.bell-item').first();
    await item.getByRole('button', { name: 'Show more' }).waitFor();
    expect((await item.locator('.bell-item__message').textContent())?.length).toBeLessThanOrEqual(71);
    await item.getByRole('button', { name: 'Show more' }).click();
    expect(await item.locator('.bell-item__message').textContent()).toBe(long);
    await item.locator('.bell-item__main').click();
    await expect.poll(() => item.getAttribute('class')).toBe('bell-item');
    expect(page.url()).toContain('/dashboard/campaigns');

    // Read state came from the server: once the marks are delivered, a reload shows the server's
    // unread count (none of what was chosen here; a background job may have said something new).
    const api = await e2e.api('franchise@demo.test');
    const onServer = async () =>
      (
        (await (await api.call('GET', '/notifications')).json()) as {
          notifications: { message: string; is_read: boolean }[];
        }
      ).notifications;
    await expect.poll(async () => (await onServer()).find((n) => n.message === long)?.is_read).toBe(true);
    await page.reload();
    await expect
      .poll(async () => {
        const unread = (await onServer()).filter((n) => !n.is_read).length;
        const label = await bell(page).getAttribute('aria-label');
        return label === (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`);
      })
      .toBe(true);
    const unread = (await onServer()).filter((n) => !n.is_read);
    expect(
      unread
        .map((n) => n.message)
        .filter((m) => /Your invoice for last month|Your card ending 4242|A campaign budget/.test(m)),
    ).toEqual([]);
    // The dot and the server's count read together (a background job may say something meanwhile).
    await expect
      .poll(async () => {
        const count = (await onServer()).filter((n) => !n.is_read).length;
        return (await page.getByTestId('bell-dot').count()) === (count === 0 ? 0 : 1);
      })
      .toBe(true);
    await context.close();
  });

  it('opens the lead of a new-lead notification, and marks all read', async () => {
    const { id } = await e2e.newLead('owner@demo.test', { lead_type: 'Call' });
    const owner = await e2e.api('owner@demo.test');
    const { lead } = (await (await owner.call('GET', `/leads/${id}`)).json()) as {
      lead: { id: number; name: string };
    };
    const { context, page } = await e2e.newPage();
    await signedIn(page, 'owner@demo.test');
    await emit('owner@demo.test', {
      message: `New call lead from ${lead.name} (HVAC)`,
      action: 'go_to',
      index: 'leads',
      id: lead.id,
    });
    for (let i = 1; i <= 2; i += 1)
      await emit('owner@demo.test', { message: `Notice ${i}`, action: 'no_action' });
    await bell(page).click();
    await list(page).getByText(`New call lead from ${lead.name}`).click();
    await page.waitForURL('**/dashboard/leads');
    const drawer = page.getByRole('dialog', { name: `Lead ${lead.name}` });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Close details' }).click();
    await drawer.waitFor({ state: 'detached' });

    await bell(page).click();
    await expect.poll(() => bell(page).getAttribute('aria-label')).toMatch(/Notifications, \d+ unread/);
    await expectAccessible(page, 'bell open');
    await screenshot(page, 'shell-bell-mark-all-1280');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');
    expect(await page.getByTestId('bell-dot').count()).toBe(0);
    await expect
      .poll(async () => {
        const { notifications } = (await (await owner.call('GET', '/notifications')).json()) as {
          notifications: { is_read: boolean }[];
        };
        return notifications.filter((n) => !n.is_read).length;
      })
      .toBe(0);
    await context.close();
  });

  it('says "1 change sent" once a change made offline is delivered', async () => {
    const { context, page } = await e2e.newPage(390, 844);
    await signedIn(page, 'owner@demo.test');
    await emit('owner@demo.test', { message: 'Read me offline', action: 'no_action' });
    await bell(page).click();
    await list(page).getByText('Read me offline').waitFor();
    await page.keyboard.press('Escape');
    await context.setOffline(true);
    await bell(page).click();
    await list(page).getByText('Read me offline').click();
    await page.keyboard.press('Escape');
    const indicator = page.getByTestId('sync-indicator');
    await expect.poll(() => indicator.textContent()).toBe('Offline · 1 waiting');
    await indicator.click();
    const outbox = page.getByRole('dialog', { name: 'Outbox' });
    await outbox.getByText('Waiting for a connection').waitFor();
    expect(await outbox.textContent()).not.toMatch(/attempt/);
    // Offline a try could only fail: no Retry, it says the change waits for the connection.
    expect(await outbox.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(
      await outbox.getByText('Will be sent when the connection returns.', { exact: true }).isVisible(),
    ).toBe(true);
    await expectAccessible(page, 'outbox offline');
    await screenshot(page, 'shell-outbox-offline-390');
    await outbox.getByRole('button', { name: 'Close' }).click();

    await context.setOffline(false);
    await page.getByText('1 change sent', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText('1 change sent', { exact: true }).waitFor({ state: 'detached', timeout: 8000 });
    // Said once: nothing else is waiting, so it does not come back.
    await expect.poll(() => page.getByTestId('sync-indicator').count()).toBe(0);
    expect(await page.getByText('1 change sent', { exact: true }).count()).toBe(0);

    // After the fact, the user menu's Outbox says what went through today.
    await page.getByRole('button', { name: 'Maria Alvarez' }).click();
    await page.getByRole('button', { name: 'Outbox' }).click();
    const history = page.getByRole('dialog', { name: 'Outbox' }).getByRole('region', { name: /^Sent today/ });
    await expect.poll(() => history.getByRole('heading').textContent()).toBe('Sent today: 1 change');
    expect(await history.getByRole('listitem').first().textContent()).toMatch(
      /^Mark notification as read\d{1,2}:\d{2} [AP]M [A-Z]{3,4}$/,
    );
    await expectAccessible(page, 'outbox history');
    await screenshot(page, 'shell-outbox-history-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'shell-outbox-history-1280');
    await context.close();
  });

  it("lists every notification from the bell's See all, a page at a time; a skip link leads past the header", async () => {
    for (let i = 1; i <= 22; i += 1)
      await emit('direct@demo.test', { message: `Account update number ${i}`, action: 'no_action' });
    const { context, page } = await e2e.newPage();
    const { showAd } = await e2e.signedIn(page, 'direct@demo.test');
    if (showAd) await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();

    // The first Tab stop is the skip link; it moves focus into the page, past the header.
    await page.goto(e2e.url('/dashboard/campaigns'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(((await skip.boundingBox())?.y ?? -1) >= 0).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement))).toBe(
      true,
    );

    await bell(page).click();
    await list(page).getByText('Account update number 22').waitFor();
    await page.getByRole('button', { name: 'See all' }).click();
    const all = page.getByRole('dialog', { name: 'All notifications' });
    const rows = all.getByRole('list', { name: 'All notifications' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(20);
    await all.getByRole('button', { name: 'Show older notifications' }).waitFor();
    await expectAccessible(page, 'all notifications');
    await screenshot(page, 'shell-bell-all-1280');
    await all.getByRole('button', { name: 'Show older notifications' }).click();
    const total = await rows.count();
    expect(total).toBeGreaterThan(22);
    await expect.poll(() => all.getByText(`Showing ${total} of ${total}`, { exact: false }).count()).toBe(1);
    expect(await all.getByRole('button', { name: 'Show older notifications' }).count()).toBe(0);
    expect(await rows.first().textContent()).toContain('Account update number 22');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'shell-bell-all-390');
    await context.close();
  });

  it('fits the header without overlap from 1050 to 1440 px, online and offline', async () => {
    const { context, page } = await e2e.newPage(1050, 800);
    await signedIn(page, 'franchise@demo.test');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const fits = async () => {
      for (const width of [1050, 1100, 1280, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        const nav = await page.locator('.tab-nav__list').boundingBox();
        const actions = await page.locator('.shell-header__actions').boundingBox();
        expect(nav && actions && nav.x + nav.width <= actions.x, `${width} px`).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    };
    await fits();
    await page.setViewportSize({ width: 1050, height: 800 });
    await screenshot(page, 'shell-1050');
    // Offline, the sync indicator joins the header and still leaves the tabs their room.
    await context.setOffline(true);
    await page.getByTestId('sync-indicator').waitFor();
    await fits();
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'shell-offline-1280');
    await context.setOffline(false);
    await context.close();
  });

  it('collapses the menu below 1050 px, gives a phone its tab bar, and stays usable', async () => {
    const { context, page } = await e2e.newPage(800, 844);
    await signedIn(page, 'multi@demo.test');
    // Collapsed: the tab menu is hidden until the Menu button opens it.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.locator('.tab-nav').isVisible()).toBe(false);
    await screenshot(page, 'shell-800');

    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const panel = page.locator('.mobile-menu__panel');
    await panel.getByRole('link', { name: 'Programmatic' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    await screenshot(page, 'shell-menu-open-800');
    await panel.getByRole('link', { name: 'Leads' }).click();
    await page.waitForURL('**/dashboard/leads');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    // On a phone the tab bar (tab-bar.test.ts) holds the sections instead of the Menu button.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.tab-bar').waitFor();
    expect(await menuButton.isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await screenshot(page, 'shell-390');

    await bell(page).click();
    await list(page).waitFor();
    const box = await page.locator('.bell__panel').boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    await screenshot(page, 'shell-bell-390');
    await page.keyboard.press('Escape');
    expect(await bell(page).getAttribute('aria-expanded')).toBe('false');

    await page.getByRole('button', { name: 'Sam Whitaker' }).click();
    await page.locator('.user-menu__panel').getByText('multi@demo.test').waitFor();
    await screenshot(page, 'shell-user-menu-390');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });
});
