/**
 * Mark all as read: every unread notification of the caller up to the id they saw, none of
 * another user's, and nothing newer; bad input answers 422.
 */
import { and, eq } from 'drizzle-orm';
import { validate } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../server/db/schema/shell';
import { MarkAllNotificationsReadResponse } from '../../src/api/contracts/shell';
import { dbKinds, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('mark all notifications read on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  const unreadOf = async (userId: number) =>
    (
      await t.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.user_id, userId), eq(notifications.is_read, false)))
    ).map((r) => r.id);

  it('marks the caller’s unread up to the id seen, and no one else’s', async () => {
    const me = await signIn(t, 'owner@demo.test');
    const other = await signIn(t, 'franchise@demo.test');
    const mine = await unreadOf(me.user_id);
    const theirs = await unreadOf(other.user_id);
    expect(mine.length).toBeGreaterThan(1);
    expect(theirs.length).toBeGreaterThan(0);
    const [newer] = await t.db
      .insert(notifications)
      .values({ user_id: me.user_id, message: 'Arrived after the click', action: 'no_action' })
      .returning();
    const upTo = Math.max(...mine);
    expect(newer.id).toBeGreaterThan(upTo);

    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/read_all',
      headers: { ...me.headers, 'idempotency-key': 'read-all-0001' },
      payload: { up_to: upTo },
    });
    expect(res.statusCode).toBe(200);
    expect(validate(res.json(), MarkAllNotificationsReadResponse)[0]).toBeUndefined();
    expect(res.json()).toEqual({ marked: mine.length });
    expect(await unreadOf(me.user_id)).toEqual([newer.id]);
    expect((await unreadOf(other.user_id)).sort()).toEqual(theirs.sort());

    const replay = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/read_all',
      headers: { ...me.headers, 'idempotency-key': 'read-all-0001' },
      payload: { up_to: upTo },
    });
    expect(replay.json()).toEqual({ marked: mine.length });
  });

  it('answers 422 for a bad body and 401 without a session', async () => {
    const me = await signIn(t, 'direct@demo.test');
    for (const payload of [{}, { up_to: -1 }, { up_to: 'all' }, { up_to: 1.5 }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/notifications/read_all',
        headers: me.headers,
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toBeTruthy();
    }
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/read_all',
      payload: { up_to: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
