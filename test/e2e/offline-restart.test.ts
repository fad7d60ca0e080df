/**
 * 3: the server killed in the middle of a replay and restarted: every queued write is still
 * applied exactly once. The first PUT reaches the server and is committed, then the server is
 * killed (SIGKILL) before its answer reaches the page, so the page must send it again after the
 * restart; the server answers that replay from its idempotency record. The server's own database
 * is read at the end.
 */
import { inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../server/db/schema/identity';
import { notifications } from '../../server/db/schema/shell';
import { useE2e } from './fixture';
import { dbRows, waitForController } from './page-db';
import { signedInAs } from './screens';
import { inspectServerDb } from './server-api';
import { watchWriteAnswers } from './write-answers';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

describe('replay across a server crash', () => {
  const e2e = useE2e();

  it('3: the server killed mid-replay and restarted: still exactly once', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, 'owner@demo.test');
    await signedInAs(page, 'Maria Alvarez');
    await waitForController(page);
    const stamp = Date.now();
    const messages = [1, 2, 3].map((n) => `Crash test ${stamp} #${n}`);
    for (const message of messages)
      await e2e.emit('owner@demo.test', { notification: { message, action: 'no_action' } });
    await bell(page).click();
    for (const message of messages) {
      await expect.poll(() => page.getByText(message).isVisible(), { timeout: 15_000 }).toBe(true);
    }

    await context.setOffline(true);
    for (const message of messages) await page.getByText(message).click();
    await expect.poll(async () => (await dbRows(page, 'outbox')).length).toBe(3);
    const queued = await dbRows<{ idempotency_key: string; url: string }>(page, 'outbox');

    const answers: { key: string; replayed: boolean; status: number }[] = [];
    watchWriteAnswers(context, ({ method, key, replayed, status }) => {
      if (method === 'PUT') answers.push({ key, replayed, status });
    });
    let crashed: Promise<void> | null = null;
    let crashedKey = '';
    await context.route('**/api/v1/notifications/*', async (route) => {
      if (route.request().method() !== 'PUT' || crashedKey) return route.continue();
      // The outbox sends independent writes side by side: whichever PUT comes first is the one.
      crashedKey = route.request().headers()['idempotency-key'] ?? '';
      await route.fetch(); // applied and committed by the server...
      await e2e.server.kill(); // ...which dies before the page hears back
      crashed = e2e.server.restart();
      await route.abort('connectionreset');
    });

    await context.setOffline(false);
    await expect.poll(() => crashed !== null, { timeout: 20_000 }).toBe(true);
    await crashed;
    await expect.poll(async () => (await dbRows(page, 'outbox')).length, { timeout: 40_000 }).toBe(0);
    const keys = queued.map((item) => item.idempotency_key);
    // The crashed write's replay was answered from the server's record, not applied again.
    expect(keys).toContain(crashedKey);
    expect(answers.find((answer) => answer.key === crashedKey)).toMatchObject({
      replayed: true,
      status: 200,
    });
    await context.close();

    const ids = queued.map((item) => Number(item.url.split('/').pop()));
    const held = await inspectServerDb(e2e.server, async (db) => ({
      keys: await db.select().from(idempotencyKeys).where(inArray(idempotencyKeys.key, keys)),
      rows: await db.select().from(notifications).where(inArray(notifications.id, ids)),
    }));
    expect(held.keys.map((row) => row.key).sort()).toEqual([...keys].sort());
    expect(held.rows.every((row) => row.is_read)).toBe(true);
  });
});
