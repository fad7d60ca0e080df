import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../server/db/schema/shell';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

const CUSTOMERS = ['owner', 'franchise', 'direct', 'directories', 'socius', 'multi'].map(
  (k) => `${k}@demo.test`,
);

describe.each(dbKinds)('tenant isolation on %s', (kind) => {
  let t: TestApp;
  const sessions = new Map<string, Session>();
  beforeAll(async () => {
    t = await startApp(kind);
    for (const email of CUSTOMERS) sessions.set(email, await signIn(t, email));
  });
  afterAll(() => t?.close());

  it("answers 404 for every other customer's notification ids", async () => {
    for (const owner of CUSTOMERS) {
      const ownerSession = sessions.get(owner)!;
      const ids = await t.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.user_id, ownerSession.user_id));
      expect(ids.length).toBeGreaterThan(0);
      for (const other of CUSTOMERS.filter((e) => e !== owner)) {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/v1/notifications/${ids[0].id}`,
          headers: sessions.get(other)!.headers,
        });
        expect(res.statusCode, `${other} reading ${owner}'s notification`).toBe(404);
      }
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/notifications',
        headers: ownerSession.headers,
      });
      const listed = (list.json().notifications as { notification_id: number }[])
        .map((n) => n.notification_id)
        .sort();
      expect(listed).toEqual(ids.map((r) => r.id).sort());
    }
  });
});
