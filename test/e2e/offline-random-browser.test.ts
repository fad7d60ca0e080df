/**
 * The randomized test's smaller browser variant: one seeded sequence of real offline/online
 * toggles, reloads, writes (marking notifications read through the bell) and server restarts in
 * Chromium. In the end every write reached the server, each under one Idempotency-Key, and the
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
    for (let step = 0; step < 14; step += 1) {
      const roll = rng.next();
      if (roll < 0.4 && pending.length > 0) {
        const message = pending.splice(rng.int(0, pending.length - 1), 1)[0];
        if (!(await page.getByText(message).isVisible())) await bell(page).click();
        await page.getByText(message).click();
        clicked.push(message);
        // The write is stored on the device before the next step (a reload now must not lose it).
        await expect
          .poll(
            async () =>
              (await dbRows<Row>(page, 'notifications')).find((n) => n.message === message)?.is_read,
          )
          .toBe(true);
      } else if (roll < 0.65) {
        offline = !offline;
        await context.setOffline(offline);
      } else if (roll < 0.85) {
        await page.reload();
        await signedInAs(page, 'Maria Alvarez');
      } else {
        await e2e.server.kill();
        await e2e.server.restart();
      }
    }
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
