import { eq } from 'drizzle-orm';
import { assert as assertStruct } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema/identity';
import { LoginResponse, UserSettings } from '../../src/api/contracts/session';
import { dbKinds, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('sign-in and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, ip = '10.0.0.1', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload: payload as object,
      remoteAddress: ip,
      headers,
    });

  it('signs in a demo user with the login response the client expects', async () => {
    const res = await post('/client/create_session', {
      email: ' Owner@Demo.test ',
      password: 'Portal-demo-1!',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assertStruct(body, LoginResponse);
    expect(body.user.email).toBe('owner@demo.test');
    expect(body.user.platforms).toEqual([{ platform: 'live' }]);
    expect(body.tabs[0]).toEqual({ name: 'Overview', url: '/dashboard/overview' });
    expect(body.token.length).toBeGreaterThanOrEqual(32);
  });

  it('stores only a hash of the token', async () => {
    const session = await signIn(t, 'direct@demo.test');
    const rows = await t.db.select().from(sessions).where(eq(sessions.user_id, session.user_id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.token_hash).not.toBe(session.token);
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('answers a wrong password with 422 and an errors string, never 401', async () => {
    const res = await post(
      '/client/create_session',
      { email: 'owner@demo.test', password: 'wrong' },
      '10.0.0.2',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: 'Invalid email or password' });
    const unknown = await post(
      '/client/create_session',
      { email: 'nobody@demo.test', password: 'x' },
      '10.0.0.2',
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: 'Invalid email or password' });
  });

  it('answers malformed input with field errors or 400, never 500', async () => {
    const missing = await post('/client/create_session', {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['email', 'password']));
    const badEmail = await post('/client/create_session', { email: 'not-an-email', password: 'x' });
    expect(badEmail.json().errors.email).toEqual(['Please enter a valid email']);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/create_session',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(typeof notJson.json().errors).toBe('string');
  });

  it('rate-limits failures per account and address without locking out the real user elsewhere', async () => {
    const attacker = '10.9.9.9';
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/client/create_session',
        { email: 'multi@demo.test', password: `guess-${i}` },
        attacker,
      );
      expect(res.statusCode).toBe(422);
    }
    const limited = await post(
      '/client/create_session',
      { email: 'multi@demo.test', password: 'Portal-demo-1!' },
      attacker,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors).toMatch(/Too many sign-in attempts/);
    const realUser = await post(
      '/client/create_session',
      { email: 'multi@demo.test', password: 'Portal-demo-1!' },
      '10.7.7.7',
    );
    expect(realUser.statusCode).toBe(200);
  });

  it('rate-limits one address trying many accounts', async () => {
    const ip = '10.8.8.8';
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await post('/client/create_session', { email: `someone${i}@demo.test`, password: 'x' }, ip);
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  it('rejects an expired, idle or revoked token with 401', async () => {
    const s = await signIn(t, 'owner@demo.test');
    const settings = () => t.app.inject({ method: 'GET', url: '/api/v1/user/settings', headers: s.headers });
    const ok = await settings();
    expect(ok.statusCode).toBe(200);
    assertStruct(ok.json(), UserSettings);

    const [row] = await t.db.select().from(sessions).where(eq(sessions.user_id, s.user_id)).limit(1);
    expect(row).toBeTruthy();
    const hashOf = (await import('../../server/lib/crypto')).sha256(s.token);
    await t.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.token_hash, hashOf));
    expect((await settings()).statusCode).toBe(401);

    const s2 = await signIn(t, 'owner@demo.test');
    await t.db
      .update(sessions)
      .set({ last_seen_at: new Date(Date.now() - (t.config.session.idleMinutes + 1) * 60_000) })
      .where(eq(sessions.token_hash, (await import('../../server/lib/crypto')).sha256(s2.token)));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/settings', headers: s2.headers })).statusCode,
    ).toBe(401);
  });

  it('end_session revokes the token', async () => {
    const s = await signIn(t, 'owner@demo.test');
    const out = await post('/client/end_session', undefined, '10.0.0.1', s.headers);
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: s.headers });
    expect(after.statusCode).toBe(401);
  });

  it('needs the matching user id with the token', async () => {
    const s = await signIn(t, 'owner@demo.test');
    const other = await signIn(t, 'direct@demo.test');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/settings',
      headers: { 'x-auth-token': s.token, 'x-user-id': String(other.user_id) },
    });
    expect(res.statusCode).toBe(401);
  });
});
