import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, registrationTokens } from '../../server/db/schema/identity';
import { becomeSecret, signBecome } from '../../server/domain/auth/become';
import { inviteCustomer } from '../../server/domain/signup/signup-invite';
import { sha256 } from '../../server/lib/crypto';
import { STAFF_EMAIL } from '../../server/seed/people';
import { dbKinds, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('impersonation and registration tokens on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  const become = (ed: string, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/client/become', payload: { ed, email } });

  it('signs staff in as a customer once, and audits every request', async () => {
    const ed = signBecome(becomeSecret(t.config), STAFF_EMAIL, 'owner@demo.test');
    const res = await become(ed, 'owner@demo.test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.impersonate_id).toBeGreaterThan(0);
    expect(body.user.email).toBe('owner@demo.test');
    const headers = {
      'x-auth-token': body.token,
      'x-user-id': String(body.user_id),
      'x-impersonate-id': String(body.impersonate_id),
    };
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers });
    expect(read.statusCode).toBe(200);
    // The audit row is written once the answer is sent (onResponse): wait for it, never assume it.
    await vi.waitFor(async () => {
      const rows = await t.db.select().from(auditLog).where(eq(auditLog.user_id, body.user_id));
      expect(rows.some((r) => r.path === '/api/v1/notifications' && r.staff_id === body.impersonate_id)).toBe(
        true,
      );
    });

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/password',
      headers,
      payload: {
        current_password: 'Portal-demo-1!',
        password: 'Hijack-me-1!',
        confirmed_password: 'Hijack-me-1!',
      },
    });
    expect(change.statusCode).toBe(422);
    expect(change.json().errors).toMatch(/not allowed while impersonating/);

    expect((await become(ed, 'owner@demo.test')).statusCode).toBe(422);
  });

  it('refuses an expired, tampered or mismatched token', async () => {
    const secret = becomeSecret(t.config);
    const expired = signBecome(secret, STAFF_EMAIL, 'owner@demo.test', Date.now() - 10 * 60_000);
    expect((await become(expired, 'owner@demo.test')).statusCode).toBe(422);
    const good = signBecome(secret, STAFF_EMAIL, 'owner@demo.test');
    expect((await become(`${good}x`, 'owner@demo.test')).statusCode).toBe(422);
    expect((await become(good, 'direct@demo.test')).statusCode).toBe(422);
    const forged = signBecome('another-secret', STAFF_EMAIL, 'owner@demo.test');
    expect((await become(forged, 'owner@demo.test')).statusCode).toBe(422);
  });

  it('authenticates a registration token until it expires', async () => {
    // An invited customer: no password yet (a finished account's link is refused, signup-token.test.ts).
    const { token } = await inviteCustomer(t.db, { email: 'expiring@example.test' });
    const basic = `Basic ${Buffer.from(`${token}:`).toString('base64')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/authenticate',
      headers: { authorization: basic },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.email).toBe('expiring@example.test');

    await t.db
      .update(registrationTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(registrationTokens.token_hash, sha256(token)));
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/authenticate',
      headers: { authorization: basic },
    });
    expect(late.statusCode).toBe(422);
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/client/authenticate' });
    expect(none.statusCode).toBe(422);
  });
});
