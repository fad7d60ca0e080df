/**
 * A tap followed at once by a full page load (issue 48, item 1): the notification is chosen and,
 * in the same task, the page loads another address (a link, a reload, the home-screen icon). The
 * read must survive: journaled synchronously by the tap (sync/outbox-journal.ts) and replayed into
 * the outbox at the next start when its IndexedDB transaction did not commit. 20 taps, with and
 * without a second tab of the same user; the server must end up with every one read, once.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { outboxRows } from './page-db';

const TAPS = 20;

type ServerNotification = { notification_id: number; message: string; is_read: boolean };

describe('a tap, then a page load in the same task', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '2000', RATE_PER_ACCOUNT_IP: '500' } });

  /** Opens the bell, chooses the notification and loads `next` before the task ends. */
  async function tapAndLeave(page: Page, message: string, next: string) {
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const item = page
      .getByRole('list', { name: 'Notifications' })
      .locator('.bell-item')
      .filter({ has: page.getByText(message, { exact: true }) });
    await item.waitFor();
    const left = page.waitForEvent('load');
    await item.locator('.bell-item__main').evaluate((button, url) => {
      (button as HTMLButtonElement).click();
      // Same task as the click: nothing the click started has had a turn of the event loop yet.
      if (url === 'reload') window.location.reload();
      else window.location.assign(url);
    }, next);
    await left;
    await page.getByRole('button', { name: /^Notifications/ }).waitFor();
  }

  async function run(email: string, label: string, secondTab: boolean) {
    const api = await e2e.api(email);
    const { context, page } = await e2e.newPage();
    const { showAd } = await e2e.signedIn(page, email);
    if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
    if (secondTab) {
      const other = await context.newPage();
      await other.goto(e2e.url('/dashboard/leads'));
      await other.getByRole('button', { name: /^Notifications/ }).waitFor();
    }
    const messages = Array.from({ length: TAPS }, (_, n) => `${label}: tap ${n + 1}`);
    for (const message of messages) await e2e.emit(email, { notification: { message, action: 'no_action' } });
    // Each is on the device before it is tapped (the bell's list is the device's table).
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('list', { name: 'Notifications' }).getByText(messages[0], { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Notifications/ }).click();

    const targets = [e2e.url('/dashboard/leads'), 'reload', e2e.url('/dashboard/overview')];
    for (const [n, message] of messages.entries())
      await tapAndLeave(page, message, targets[n % targets.length]);

    const onServer = async () =>
      (
        (await (await api.call('GET', '/notifications')).json()) as {
          notifications: ServerNotification[];
        }
      ).notifications.filter((n) => messages.includes(n.message));
    await expect
      .poll(async () => (await onServer()).filter((n) => n.is_read).length, { timeout: 30_000 })
      .toBe(TAPS);
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 10_000 }).toBe(0);
    expect((await onServer()).length).toBe(TAPS);
    await context.close();
  }

  it('keeps every read, with one tab', { timeout: 240_000 }, async () => {
    await run('owner@demo.test', 'one tab', false);
  });

  it('keeps every read, with a second tab open', { timeout: 240_000 }, async () => {
    await run('franchise@demo.test', 'two tabs', true);
  });
});
