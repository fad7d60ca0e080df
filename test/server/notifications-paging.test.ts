/**
 * The bell's "See all" pages through GET /notifications by cursor: `before` and `limit` give the
 * caller's older notifications, newest first, none of another user's; without a query the spec's
 * call answers as before; bad paging answers 422.
 */
import { eq } from 'drizzle-orm';
import { validate } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../server/db/schema/billing';
import { users } from '../../server/db/schema/identity';
import { accounts, notifications } from '../../server/db/schema/shell';
import { NotificationsResponse } from '../../src/api/contracts/session';
import { dbKinds, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('notifications paging on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  const list = async (headers: Record<string, string>, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/notifications${query}`, headers });
    return res;
  };

  it("pages the caller's notifications newest first, with no gap and no repeat", async () => {
    const me = await signIn(t, 'owner@demo.test');
    const other = await signIn(t, 'franchise@demo.test');
    await t.db.insert(notifications).values(
      Array.from({ length: 12 }, (_, i) => ({
        user_id: me.user_id,
        message: `Paged ${i}`,
        action: 'no_action' as const,
      })),
    );
    const all = (await list(me.headers)).json() as NotificationsResponse;
    expect(validate(all, NotificationsResponse)[0]).toBeUndefined();
    const ids = all.notifications.map((n) => n.notification_id).sort((a, b) => b - a);
    expect(ids.length).toBeGreaterThan(12);

    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const res = await list(me.headers, `?limit=5${before ? `&before=${before}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = (res.json() as NotificationsResponse).notifications;
      expect(page.length).toBeLessThanOrEqual(5);
      seen.push(...page.map((n) => n.notification_id));
      if (page.length < 5) break;
      before = page[page.length - 1].notification_id;
    }
    expect(seen).toEqual(ids);

    // Another user's cursor shows nothing of mine.
    const theirs = (
      await list(other.headers, `?limit=100&before=${ids[0] + 1}`)
    ).json() as NotificationsResponse;
    expect(theirs.notifications.some((n) => ids.includes(n.notification_id))).toBe(false);
  });

  it('points the seeded billing notifications where they lead: an invoice ready at that invoice, the expiring card at none (payment methods)', async () => {
    const me = await signIn(t, 'directories@demo.test');
    const seeded = ((await list(me.headers)).json() as NotificationsResponse).notifications;
    const ready = seeded.find((n) => n.message.startsWith('Your invoice for last month is ready'));
    const card = seeded.find((n) => n.message.startsWith('Your card ending 4242 expires soon'));
    expect(ready).toMatchObject({ action: 'go_to', index: 'billing', id: expect.any(Number) });
    expect(card).toMatchObject({ action: 'go_to', index: 'billing', id: null });
    const [invoice] = await t.db
      .select({ organization_id: accounts.organization_id })
      .from(invoices)
      .innerJoin(accounts, eq(accounts.id, invoices.account_id))
      .where(eq(invoices.id, ready?.id ?? 0));
    const [user] = await t.db
      .select({ organization_id: users.organization_id })
      .from(users)
      .where(eq(users.id, me.user_id));
    expect(invoice?.organization_id).toBe(user.organization_id);
  });

  it('refuses bad paging with 422', async () => {
    const me = await signIn(t, 'owner@demo.test');
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?before=-3', '?before=1.5']) {
      const res = await list(me.headers, query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors, query).toBeTruthy();
    }
  });
});
