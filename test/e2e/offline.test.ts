/**
 * Offline in a real browser (context.setOffline also cuts the service worker's own fetches):
 * 1. screens opened before render from the device after an offline reload, with the badge;
 * 5. two users on one browser profile: after A signs out, B sees nothing of A, online or offline;
 * 2. a change made offline waits in the outbox across a reload and is delivered exactly once
 *    when the connection returns (the server's own database is checked, so this test goes last),
 *    the indicator clears.
 * Needs the shell to mount the sync indicator, the offline badge and the outbox-backed
 * markNotificationRead (see src/sync/README.md).
 */
import { and, eq } from 'drizzle-orm';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../server/db/schema/identity';
import { notifications } from '../../server/db/schema/shell';
import { type E2e, useE2e } from './fixture';
import { dbRows, waitForController } from './page-db';
import { screenshot, signedInAs } from './screens';
import { inspectServerDb } from './server-api';
import { watchWriteAnswers } from './write-answers';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const indicator = (page: Page) => page.getByTestId('sync-indicator');

async function signIn(e2e: E2e, page: Page, email: string, name: string) {
  const { showAd } = await e2e.signedIn(page, email);
  await signedInAs(page, name);
  await waitForController(page);
  // The packout ad some demo users get once after sign-in: the sign-in's answer says if it comes.
  if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
}

/**
 * Opens a screen online and resolves once its content shows and every API read it made is in the
 * read cache, so the screen can open offline. (The live stream never lets the network go idle, so
 * "network idle" is no signal.)
 */
async function visitOnline(page: Page, url: string) {
  const reads: Request[] = [];
  const track = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/v1/') || pathname === '/api/v1/live') return;
    if (request.method() === 'GET' || pathname === '/api/v1/leads') reads.push(request);
  };
  page.on('request', track);
  await page.goto(url);
  await signedInAs(page, 'Maria Alvarez');
  // Rows, or a table's empty state: month to date may hold no invoice (they are issued on the 1st).
  await page.locator('.data-table__row').or(page.getByText('No data available')).first().waitFor();
  page.off('request', track);
  const answered = await Promise.all(
    reads.map(async (request) => ({ request, response: await request.response() })),
  );
  const wanted = answered
    // JSON reads: files (an unpaid invoice's PDF the list keeps) go to Cache Storage, not to responses.
    .filter(
      ({ response }) => response?.status() === 200 && /json/.test(response.headers()['content-type'] ?? ''),
    )
    .map(({ request }) => `${request.method()} ${new URL(request.url()).pathname}`);
  await expect
    .poll(async () => {
      const keys = (await dbRows<{ key: string }>(page, 'responses')).map((row) => row.key);
      return wanted.filter((read) => !keys.some((key) => key.includes(read)));
    })
    .toEqual([]);
}

describe('offline in a real browser', () => {
  const e2e = useE2e();

  it('1: screens opened before render from the device after an offline reload, with the badge', async () => {
    const { context, page } = await e2e.newPage();
    await signIn(e2e, page, 'owner@demo.test', 'Maria Alvarez');
    const screens = ['/dashboard/overview', '/dashboard/leads', '/dashboard/billing/invoices'];
    for (const path of screens) await visitOnline(page, e2e.url(path));
    await bell(page).click();
    const firstMessage = (await page.locator('.bell-item__message').first().textContent()) ?? '';
    expect(firstMessage.length).toBeGreaterThan(0);
    expect((await dbRows(page, 'responses')).length).toBeGreaterThan(0);

    await context.setOffline(true);
    for (const path of screens) {
      await page.goto(`${e2e.server.url}${path}`);
      await signedInAs(page, 'Maria Alvarez');
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'Offline' }).first().isVisible())
        .toBe(true);
      // Every screen's "as of" in the account's zone (America/Chicago), not the device's (UTC here).
      await expect
        .poll(() =>
          page
            .getByText(/data as of \d{1,2}:\d{2} [AP]M C[SD]T/)
            .first()
            .isVisible(),
        )
        .toBe(true);
      expect(await page.getByText(/data as of .*UTC/).count()).toBe(0);
    }
    await page.reload();
    await signedInAs(page, 'Maria Alvarez');
    await expect
      .poll(() =>
        page
          .getByText(/Offline · data as of \d{1,2}:\d{2} [AP]M/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => indicator(page).textContent()).toBe('Offline');
    await screenshot(page, 'offline-badge-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'offline-badge-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await bell(page).click();
    await expect.poll(() => page.getByText(firstMessage).first().isVisible()).toBe(true);
    await context.close();
  });

  it('5: after A signs out, B sees nothing of A on the same profile, online or offline', async () => {
    const { context, page } = await e2e.newPage(390, 844);
    await signIn(e2e, page, 'owner@demo.test', 'Maria');
    const secret = `For Maria only ${Date.now()}`;
    await e2e.emit('owner@demo.test', { notification: { message: secret, action: 'no_action' } });
    await bell(page).click();
    await expect.poll(() => page.getByText(secret).isVisible(), { timeout: 15_000 }).toBe(true);
    const owner = (await dbRows<{ user_id: number }>(page, 'notifications'))[0].user_id;
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /Maria/ }).first().click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    for (const table of ['responses', 'outbox', 'notifications', 'liveMessages', 'invoiceStatus']) {
      expect(await dbRows(page, table), table).toHaveLength(0);
    }
    await context.setOffline(true);
    await page.goto(e2e.url('/dashboard/overview'));
    await page.waitForURL('**/login');
    await context.setOffline(false);

    const tomsList = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/v1/notifications' &&
        response.request().method() === 'GET' &&
        response.status() === 200,
    );
    await signIn(e2e, page, 'direct@demo.test', 'Tom');
    await bell(page).click();
    // Settled: the bell shows the list the server sent Tom.
    const { notifications: sent } = (await (await tomsList).json()) as {
      notifications: { message: string }[];
    };
    await (sent.length > 0
      ? page.locator('.bell-item__message').first()
      : page.getByText('You have no notifications.')
    ).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    await context.setOffline(true);
    await page.reload();
    await signedInAs(page, 'Tom');
    await bell(page).click();
    expect(await page.getByText(secret).count()).toBe(0);
    for (const table of ['responses', 'notifications', 'liveMessages']) {
      const rows = await dbRows<{ user_id: number }>(page, table);
      expect(
        rows.some((row) => row.user_id === owner),
        table,
      ).toBe(false);
    }
    await context.close();
  });
  it('2: a change made offline waits across a reload, then is delivered exactly once', async () => {
    const { context, page } = await e2e.newPage();
    await signIn(e2e, page, 'owner@demo.test', 'Maria Alvarez');
    const message = `Offline test ${Date.now()}`;
    await e2e.emit('owner@demo.test', { notification: { message, action: 'no_action' } });
    await bell(page).click();
    await expect.poll(() => page.getByText(message).isVisible(), { timeout: 15_000 }).toBe(true);

    const puts: { key: string | null; replayed: string | null; status: number }[] = [];
    watchWriteAnswers(context, ({ method, path, key, replayed, status }) => {
      if (method === 'PUT' && path.startsWith('/api/v1/notifications/'))
        puts.push({ key, replayed: replayed ? 'true' : null, status });
    });

    await context.setOffline(true);
    await page.getByText(message).click();
    await expect.poll(() => indicator(page).textContent()).toBe('Offline · 1 waiting');
    const [item] = await dbRows<{ label: string; idempotency_key: string; url: string }>(page, 'outbox');
    expect(item.label).toBe('Mark notification as read');
    await screenshot(page, 'sync-indicator-offline-1280');
    await indicator(page).click();
    const panel = page.getByRole('dialog', { name: 'Outbox' });
    await expect.poll(() => panel.getByText('Mark notification as read').isVisible()).toBe(true);
    await screenshot(page, 'outbox-panel-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'outbox-panel-390');
    await page.keyboard.press('Escape');
    await screenshot(page, 'sync-indicator-offline-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Signing out now would delete the waiting change: the app asks first, and staying keeps it.
    await page.getByRole('button', { name: /Maria/ }).first().click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out?' });
    await confirm.getByText('You have 1 change waiting to sync.').waitFor();
    await screenshot(page, 'sign-out-confirm-1280');
    await confirm.getByRole('button', { name: 'Stay signed in' }).click();
    expect(await dbRows(page, 'outbox')).toHaveLength(1);

    await page.reload();
    await signedInAs(page, 'Maria Alvarez');
    await expect.poll(() => indicator(page).textContent()).toBe('Offline · 1 waiting');
    expect(await dbRows(page, 'outbox')).toHaveLength(1);

    await context.setOffline(false);
    await expect.poll(() => indicator(page).count(), { timeout: 20_000 }).toBe(0);
    expect(await dbRows(page, 'outbox')).toHaveLength(0);
    expect(puts.filter((put) => put.status === 200 && put.replayed === null)).toHaveLength(1);
    expect(new Set(puts.map((put) => put.key))).toEqual(new Set([item.idempotency_key]));
    await context.close();

    const notificationId = Number(item.url.split('/').pop());
    const held = await inspectServerDb(e2e.server, async (db) => ({
      keys: await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, item.idempotency_key)),
      row: await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, notificationId))),
    }));
    expect(held.keys).toHaveLength(1);
    expect(held.row[0].is_read).toBe(true);
  });
});
