/**
 * 4: the live channel in a real browser. Disconnected (offline, and the server restarted under
 * it), the user misses 5 messages; back online, all 5 arrive, once each, in order, resumed with
 * Last-Event-ID. One tab holds the connection; a second tab follows through the local database.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { dbRows, waitForController } from './page-db';
import { signedInAs } from './screens';

type LiveRow = { id: number; user_id: number; payload: { notification?: { message: string } } };

const messagesIn = async (page: Page, prefix: string) =>
  (await dbRows<LiveRow>(page, 'liveMessages'))
    .sort((a, b) => a.id - b.id)
    .map((row) => row.payload.notification?.message ?? '')
    .filter((message) => message.startsWith(prefix));

describe('live channel in a real browser', () => {
  const e2e = useE2e();

  it('4: disconnect, 5 messages, reconnect: all 5 appear once each, in order', async () => {
    const { context, page } = await e2e.newPage();
    const liveOpeners = new Set<Page | null>();
    context.on('request', (request) => {
      if (request.url().endsWith('/api/v1/live')) liveOpeners.add(request.frame()?.page() ?? null);
    });
    await e2e.signIn(page, 'owner@demo.test');
    await signedInAs(page, 'Maria Alvarez');
    await waitForController(page);
    const stamp = `Live ${Date.now()}`;
    await e2e.emit('owner@demo.test', {
      notification: { message: `${stamp} warm-up`, action: 'no_action' },
    });
    await expect.poll(() => messagesIn(page, stamp), { timeout: 15_000 }).toEqual([`${stamp} warm-up`]);

    const second = await context.newPage();
    await second.goto(e2e.url('/dashboard/overview'));
    await signedInAs(second, 'Maria Alvarez');

    await context.setOffline(true);
    await e2e.server.kill();
    await e2e.server.restart();
    const missed = [1, 2, 3, 4, 5].map((n) => `${stamp} missed ${n}`);
    for (const message of missed)
      await e2e.emit('owner@demo.test', { notification: { message, action: 'no_action' } });
    // Settled: the page knows it is offline, and the server holds the five it cannot deliver.
    await expect.poll(() => page.getByTestId('sync-indicator').textContent()).toBe('Offline');
    expect(await messagesIn(page, `${stamp} missed`)).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => messagesIn(page, `${stamp} missed`), { timeout: 30_000 }).toEqual(missed);
    // Once each in the bell's table too, and the second tab shows them without its own connection.
    const rows = (await dbRows<{ message: string }>(page, 'notifications')).filter((n) =>
      n.message.startsWith(stamp),
    );
    expect(rows.map((n) => n.message).sort()).toEqual([`${stamp} warm-up`, ...missed].sort());
    await second.getByRole('button', { name: /^Notifications/ }).click();
    for (const message of missed) {
      await expect.poll(() => second.getByText(message).count()).toBe(1);
    }
    expect(liveOpeners.size).toBe(1);
    // The stream never went through the read cache.
    const cached = await dbRows<{ url: string }>(page, 'responses');
    expect(cached.some((row) => row.url.includes('/live'))).toBe(false);
    await context.close();
  });

  it('opens the stream at low priority: it stays open, and is never waited for as one of the screen’s reads', async () => {
    const { context, page } = await e2e.newPage();
    const cdp = await context.newCDPSession(page);
    const priorities: string[] = [];
    cdp.on('Network.requestWillBeSent', ({ request }) => {
      if (request.url.endsWith('/api/v1/live')) priorities.push(request.initialPriority);
    });
    await cdp.send('Network.enable');
    await e2e.signIn(page, 'owner@demo.test');
    await signedInAs(page, 'Maria Alvarez');
    // Lighthouse waits until no High request is in flight: at High, the stream held every run to
    // its 45 s limit.
    await expect.poll(() => priorities, { timeout: 15_000 }).toContain('Low');
    expect(priorities.every((priority) => priority === 'Low')).toBe(true);
    await context.close();
  });
});
