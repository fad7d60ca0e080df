/**
 * The demo simulator: each tick changes demo data and announces it on the live channel (new
 * leads, invoices paid or failed, reach values, tips), through the same emitter as `npm run emit`.
 */
import { desc, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveMessages } from '../../server/db/schema/shell';
import { simulateOnce } from '../../server/domain/simulator';
import { createRng } from '../../server/seed/rng';
import { startApp, type TestApp } from '../server/helpers';

describe('demo simulator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite');
  });
  afterAll(() => t?.close());

  it('emits a steady mix of live messages for demo customers', async () => {
    const [last] = await t.db
      .select({ id: liveMessages.id })
      .from(liveMessages)
      .orderBy(desc(liveMessages.id))
      .limit(1);
    const rng = createRng(42);
    for (let i = 0; i < 30; i += 1) await simulateOnce(t.app, t.db, rng);
    const sent = await t.db
      .select()
      .from(liveMessages)
      .where(gt(liveMessages.id, last?.id ?? 0));
    expect(sent.length).toBeGreaterThanOrEqual(20);
    const kinds = new Set(
      sent.map((row) => `${row.payload.message_type}:${String(row.payload.object ?? '')}`),
    );
    expect(kinds.has('notification:')).toBe(true);
    expect([...kinds].some((kind) => kind === 'switch_status:Invoice' || kind === 'reach_update:')).toBe(
      true,
    );
    const leadNews = sent.filter((row) =>
      String((row.payload.notification as { message?: string } | undefined)?.message).startsWith('New '),
    );
    expect(leadNews.length).toBeGreaterThan(0);
  });
});
