import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, resetLinkIn, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('password reset and change on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

  async function latestMail(to: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/dev/mails?to=${encodeURIComponent(to)}` });
    return res.json().mails[0] as { body: string } | undefined;
  }

  it('checks an email through validate/email without saying whether an account has it', async () => {
    const known = await t.app.inject({ method: 'GET', url: '/api/v1/validate/email?value=owner@demo.test' });
    expect(known.json()).toEqual({ valid: true });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/validate/email?value=nobody@demo.test',
    });
    expect(unknown.json()).toEqual(known.json());
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/validate/email?value=nope' });
    expect(bad.statusCode).toBe(422);
  });

  it('resets a password with the mailed link, once, and signs out other sessions', async () => {
    const before = await signIn(t, 'direct@demo.test');
    const res = await post('/client/password_reset', { email: 'direct@demo.test' });
    expect(res.json()).toEqual({ message: 'An email has been sent to your email address.' });
    const mail = await latestMail('direct@demo.test');
    // The link carries a 256-bit token (43 base64url characters), no typed six-digit code.
    const { code, user_id } = resetLinkIn(mail?.body ?? '');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user_id).toBe(before.user_id);

    const wrong = await post('/client/password', {
      code: '000000',
      password: 'New-pass-2!',
      confirmed_password: 'New-pass-2!',
      user_id: before.user_id,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(['This code is invalid or has expired']);

    const weak = await post('/client/password', {
      code,
      password: 'short',
      confirmed_password: 'other',
      user_id: before.user_id,
    });
    expect(weak.json().errors).toEqual({
      password: [
        'A minimum 8 characters password contains a combination of uppercase and lowercase letter and number. Special characters are required.',
      ],
      confirmed_password: ['Does Not match password'],
    });

    const set = await post('/client/password', {
      code,
      password: 'New-pass-2!',
      confirmed_password: 'New-pass-2!',
      user_id: before.user_id,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().message).toBe('Your password has been reset successfully.');

    const again = await post('/client/password', {
      code,
      password: 'Other-pass-3!',
      confirmed_password: 'Other-pass-3!',
      user_id: before.user_id,
    });
    expect(again.statusCode).toBe(422);

    const old = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: before.headers });
    expect(old.statusCode).toBe(401);
    await expect(signIn(t, 'direct@demo.test')).rejects.toThrow();
    await signIn(t, 'direct@demo.test', 'New-pass-2!');
  });

  it('answers a reset for an unknown email the same way, without sending mail', async () => {
    const res = await post('/client/password_reset', { email: 'ghost@demo.test' });
    expect(res.statusCode).toBe(200);
    expect(await latestMail('ghost@demo.test')).toBeUndefined();
  });

  it('changes a password with the current one', async () => {
    const s = await signIn(t, 'socius@demo.test');
    const wrong = await post(
      '/client/password',
      { current_password: 'nope', password: 'Socius-new-1!', confirmed_password: 'Socius-new-1!' },
      s.headers,
    );
    expect(wrong.json().errors).toEqual({ current_password: ['Current password is incorrect'] });
    const ok = await post(
      '/client/password',
      { current_password: 'Portal-demo-1!', password: 'Socius-new-1!', confirmed_password: 'Socius-new-1!' },
      s.headers,
    );
    expect(ok.statusCode).toBe(200);
    const still = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: s.headers });
    expect(still.statusCode).toBe(200);
  });

  it('limits reset requests per account and address', async () => {
    let last = 0;
    for (let i = 0; i < 6; i++)
      last = (await post('/client/password_reset', { email: 'franchise@demo.test' })).statusCode;
    expect(last).toBe(429);
  });
});
