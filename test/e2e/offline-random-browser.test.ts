/**
 * The randomized test's smaller browser variant: one seeded sequence of real offline/online
 * toggles, reloads, writes (marking notifications read through the bell), taps followed at once by
 * a page load (in the same task: the journal must keep the write), server restarts, and the server
 * away for a few seconds with the browser online (its return timed to the queue sent), in
 * Chromium. It prints its counts. In the end every write reached the server, each under one Idempotency-Key, and the
 * outbox is empty. (Applied-twice is proven by the Node variant, whose write is not idempotent.)
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../server/seed/rng';
import { useE2e } from './fixture';
import { dbRows, waitForController } from './page-db';
import { signedInAs } from './screens';

const SEED = Number(process.env.RANDOM_SEED ?? 20261122);
type Row = { message: string; is_read: boolean };

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

describe('randomized offline sequence in a real browser', () => {
  const e2e = useE2e();

  it(`keeps every write of a seeded sequence (seed ${SEED})`, async () => {
    const rng = createRng(SEED);
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, 'owner@demo.test');
    await signedInAs(page, 'Maria Alvarez');
    await waitForController(page);
    const stamp = `Random ${SEED} ${Date.now()}`;
    const pending = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${stamp} #${n}`);
    for (const message of pending)
      await e2e.emit('owner@demo.test', { notification: { message, action: 'no_action' } });
    await expect
      .poll(
        async () =>
          (await dbRows<{ message: string }>(page, 'notifications')).filter((n) =>
            n.message.startsWith(stamp),
          ).length,
        { timeout: 15_000 },
      )
      .toBe(8);

    const keys = new Map<string, string>();
    context.on('request', (request) => {
      const key = request.headers()['idempotency-key'];
      if (request.method() === 'PUT' && key) keys.set(key, request.url());
    });
    const clicked: string[] = [];
    let offline = false;
    const moves = { taps: 0, tapsThenLoad: 0, toggles: 0, reloads: 0, restarts: 0, away: 0 };
    let slowestReturnMs = 0;
    const choose = async () => {
      const message = pending.splice(rng.int(0, pending.length - 1), 1)[0];
      if (!(await page.getByText(message).isVisible())) await bell(page).click();
      clicked.push(message);
      return message;
    };
    for (let step = 0; step < 18; step += 1) {
      const roll = rng.next();
      if (roll < 0.15 && pending.length > 0) {
        // A tap and a page load in the same task: nothing the tap started has had a turn yet.
        const message = await choose();
        moves.tapsThenLoad += 1;
        const loaded = page.waitForEvent('load');
        await page
          .locator('.bell-item__main', { has: page.getByText(message, { exact: true }) })
          .evaluate((button) => {
            (button as HTMLButtonElement).click();
            window.location.reload();
          });
        await loaded;
        await signedInAs(page, 'Maria Alvarez');
      } else if (roll < 0.25) {
        // The browser online, the server away for a few seconds (a restart, a dead uplink).
        moves.away += 1;
        offline = false;
        await context.setOffline(false);
        await e2e.server.kill();
        const downAt = Date.now();
        const hold = rng.int(2, 6) * 1000;
        await expect
          .poll(() => Date.now() - downAt, { timeout: hold + 5000, interval: 200 })
          .toBeGreaterThan(hold);
        await e2e.server.restart();
        const backAt = Date.now();
        await expect
          .poll(async () => (await dbRows(page, 'outbox')).length, { timeout: 30_000, interval: 100 })
          .toBe(0);
        slowestReturnMs = Math.max(slowestReturnMs, Date.now() - backAt);
      } else if (roll < 0.5 && pending.length > 0) {
        const message = await choose();
        moves.taps += 1;
        await page.getByText(message).click();
        // The write is stored on the device before the next step (a reload now must not lose it).
        await expect
          .poll(
            async () =>
              (await dbRows<Row>(page, 'notifications')).find((n) => n.message === message)?.is_read,
          )
          .toBe(true);
      } else if (roll < 0.7) {
        moves.toggles += 1;
        offline = !offline;
        await context.setOffline(offline);
      } else if (roll < 0.87) {
        moves.reloads += 1;
        await page.reload();
        await signedInAs(page, 'Maria Alvarez');
      } else {
        moves.restarts += 1;
        await e2e.server.kill();
        await e2e.server.restart();
      }
    }
    console.log(
      `offline-random-browser (seed ${SEED}): ${clicked.length} writes; moves ${JSON.stringify(moves)}; ` +
        `queue sent at most ${slowestReturnMs} ms after the server's return (seen from the page's outbox)`,
    );
    await context.setOffline(false);
    await expect.poll(async () => (await dbRows(page, 'outbox')).length, { timeout: 60_000 }).toBe(0);
    expect(clicked.length).toBeGreaterThan(0);
    expect(keys.size).toBeLessThanOrEqual(clicked.length);

    const headers = (await e2e.api('owner@demo.test')).headers;
    const res = await fetch(e2e.url('/api/v1/notifications'), { headers });
    const { notifications } = (await res.json()) as {
      notifications: { message: string; is_read: boolean }[];
    };
    for (const message of clicked) {
      expect(notifications.find((n) => n.message === message)?.is_read, message).toBe(true);
    }
    await context.close();
  });
});
