/**
 * POST /outbox/batch (src/api/contracts/batch.ts): queued writes in one request, each run as if
 * sent alone. Items answer in order and apply once (a batch sent again answers each from its
 * key's stored answer); a refused item (4xx) does not stop the rest, a refused caller (403: staff
 * moving money) ends the batch and the rest answer not sent; bad batches are 422; no session 401.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../server/db/schema/identity';
import { notifications } from '../../server/db/schema/shell';
import { BATCH_MAX_ITEMS, type BatchResponse } from '../../src/api/contracts/batch';
import { becomeStaff, dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('the outbox batch on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
  });
  afterAll(() => t?.close());

  const batch = (headers: Record<string, string>, items: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/outbox/batch', headers, payload: { items } });
  const mine = async (userId: number) =>
    (await t.db.select().from(notifications).where(eq(notifications.user_id, userId))).map((n) => n.id);

  it('runs each write as if sent alone, in order, once: sent again, each answers from its key', async () => {
    const ids = (await mine(owner.user_id)).slice(0, 3);
    await t.db.update(notifications).set({ is_read: false }).where(inArray(notifications.id, ids));
    const stamp = Date.now();
    const items = [
      ...ids.map((id, i) => ({
        method: 'PUT',
        path: `/notifications/${id}`,
        idempotency_key: `batch-${stamp}-${i}`,
      })),
      // Refused on its own (422): the next still goes.
      {
        method: 'PUT',
        path: '/notifications/read_all',
        idempotency_key: `batch-${stamp}-bad`,
        body: { up_to: 'x' },
      },
      {
        method: 'PUT',
        path: '/notifications/read_all',
        idempotency_key: `batch-${stamp}-all`,
        body: { up_to: 0 },
      },
    ];
    const first = await batch(owner.headers, items);
    expect(first.statusCode, first.body).toBe(200);
    const answers = (first.json() as BatchResponse).results;
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 422, 200]);
    expect(answers[0].body).toMatchObject({ notification: { notification_id: ids[0], is_read: true } });
    expect(answers[3].body).toMatchObject({ errors: { up_to: expect.any(Array) } });
    const read = await t.db.select().from(notifications).where(inArray(notifications.id, ids));
    expect(read.every((n) => n.is_read)).toBe(true);

    const again = (await batch(owner.headers, items)).json() as BatchResponse;
    expect(again.results.map((r) => r.status)).toEqual([200, 200, 200, 422, 200]);
    expect(again.results[0].body).toEqual(answers[0].body);
    expect(answers.map((r) => r.replayed)).toEqual([false, false, false, false, false]);
    expect(again.results.map((r) => r.replayed)).toEqual([true, true, true, false, true]);
    const keys = await t.db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.scope, `user:${owner.user_id}`),
          inArray(
            idempotencyKeys.key,
            items.map((i) => i.idempotency_key),
          ),
        ),
      );
    // One stored answer per applied write; the refused one kept none.
    expect(keys.map((k) => k.key).sort()).toEqual(
      items
        .filter((i) => !i.idempotency_key.endsWith('-bad'))
        .map((i) => i.idempotency_key)
        .sort(),
    );
  });

  it('ends at a refused caller: staff moving money is 403 there, and nothing after it is sent', async () => {
    const session = await becomeStaff(t, 'directories@demo.test');
    const staff = session.headers;
    const [id] = await mine(session.user_id);
    await t.db.update(notifications).set({ is_read: false }).where(eq(notifications.id, id));
    const stamp = Date.now();
    const res = await batch(staff, [
      { method: 'DELETE', path: '/bpr/payment_methods/1', idempotency_key: `staff-${stamp}-1` },
      { method: 'PUT', path: `/notifications/${id}`, idempotency_key: `staff-${stamp}-2` },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const results = (res.json() as BatchResponse).results;
    expect(results.map((r) => r.status)).toEqual([403, null]);
    const [after] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(after.is_read).toBe(false);
  });

  it('refuses a bad batch with 422, and a caller without a session with 401', async () => {
    const item = { method: 'PUT', path: '/notifications/1', idempotency_key: 'bad-batch-1' };
    const refused = [
      [],
      Array.from({ length: BATCH_MAX_ITEMS + 1 }, (_, i) => ({
        ...item,
        idempotency_key: `bad-batch-${i}00`,
      })),
      [{ ...item, path: '//evil.example/x' }],
      [{ ...item, path: '/outbox/batch' }],
      [{ ...item, path: '/a/../outbox/batch' }],
      [{ ...item, method: 'GET' }],
      [{ ...item, idempotency_key: 'short' }],
      'nope',
    ];
    for (const items of refused) {
      const res = await batch(owner.headers, items);
      expect(res.statusCode, JSON.stringify(items).slice(0, 80)).toBe(422);
      expect(res.json().errors).toBeTruthy();
    }
    expect((await batch({}, [item])).statusCode).toBe(401);
  });
});
