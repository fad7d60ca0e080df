import { count, eq } from 'drizzle-orm';
import { validate } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReports, idempotencyKeys } from '../../server/db/schema/identity';
import { notifications } from '../../server/db/schema/shell';
import { pruneIdempotencyKeys } from '../../server/plugins/idempotency';
import { MarkNotificationReadResponse } from '../../src/api/contracts/shell';
import { dbKinds, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('idempotency on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  const report = (key: string, message: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/error_report',
      headers: { 'idempotency-key': key },
      payload: { message },
      remoteAddress: '10.2.2.2',
    });
  const reportsWith = async (message: string) =>
    (await t.db.select({ n: count() }).from(errorReports).where(eq(errorReports.message, message)))[0].n;

  it('applies the same key twice once and replays the stored answer', async () => {
    const first = await report('key-once-0001', 'once');
    const second = await report('key-once-0001', 'once');
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await reportsWith('once')).toBe(1);
  });

  it('refuses the same key with a different body', async () => {
    await report('key-diff-0001', 'first body');
    const res = await report('key-diff-0001', 'second body');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['Idempotency-Key'][0]).toMatch(/different request/);
    expect(await reportsWith('second body')).toBe(0);
  });

  it('applies 20 concurrent requests with one key exactly once', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => report('key-race-0001', 'race')));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(202));
    expect(await reportsWith('race')).toBe(1);
  });

  it('scopes keys per user and replays a signed-in write', async () => {
    const s = await signIn(t, 'owner@demo.test');
    const [n] = await t.db.select().from(notifications).where(eq(notifications.user_id, s.user_id)).limit(1);
    const put = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/notifications/${n.id}`,
        headers: { ...s.headers, 'idempotency-key': 'mark-read-0001' },
      });
    const a = await put();
    const b = await put();
    expect(a.statusCode).toBe(200);
    expect(validate(a.json(), MarkNotificationReadResponse)[0]).toBeUndefined();
    expect(b.json()).toEqual(a.json());
    expect(b.headers['idempotent-replayed']).toBe('true');
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/notifications/${n.id + 1}`,
      headers: { ...s.headers, 'idempotency-key': 'mark-read-0001' },
    });
    expect(other.statusCode).toBe(422);
  });

  it('rejects a malformed key and keeps records 7 days', async () => {
    const bad = await report('short', 'x');
    expect(bad.statusCode).toBe(400);
    await report('key-keep-0001', 'kept');
    await pruneIdempotencyKeys(t.db, new Date(Date.now() + 6 * 24 * 3600_000));
    expect(
      (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'key-keep-0001'))).length,
    ).toBe(1);
    await pruneIdempotencyKeys(t.db, new Date(Date.now() + 8 * 24 * 3600_000));
    expect(
      (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'key-keep-0001'))).length,
    ).toBe(0);
  });
});
