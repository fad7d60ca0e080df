/**
 * Issue 15's account-takeover probe, replayed: an attacker from many addresses asks for resets
 * and guesses reset links, and guesses current passwords and sign-in passwords in parallel.
 * Issue 47: a reset link carries a 256-bit token (only its SHA-256 stored), so guesses are not
 * counted per link or per account and nothing an attacker does spends the customer's link: a
 * new request leaves earlier links live, wrong guesses kill nothing, and the right link works
 * (once) whatever others did; parallel guesses never get more checks than the limits.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, passwordCodes, users } from '../../server/db/schema/identity';
import { RESET_ACCOUNT_LIMIT } from '../../server/domain/auth/rate-limit';
import { advanceClock, resetClock } from '../../server/lib/clock';
import { newToken, sha256 } from '../../server/lib/crypto';
import { DEMO_PASSWORD } from '../../server/seed/people';
import { dbKinds, resetLinkIn, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('reset-link and password guessing on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    resetClock();
    await t?.close();
  });

  let addresses = 0;
  /** A new client address per call, as from a botnet. */
  const freshIp = () => {
    addresses += 1;
    return `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };

  const post = (url: string, payload: object, ip = freshIp(), headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress: ip });

  const requestReset = (email: string, ip?: string) => post('/client/password_reset', { email }, ip);

  const tryCode = (userId: number, code: string, password = 'Taken-over-1!', ip?: string) =>
    post('/client/password', { code, user_id: userId, password, confirmed_password: password }, ip);

  async function userIdOf(email: string) {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return user.id;
  }

  /** The token of the newest set-password link mailed to `email`. */
  async function latestCode(email: string) {
    const rows = await t.db.select().from(mails).where(eq(mails.to, email));
    const mail = rows.filter((row) => row.body.includes('/login?code=')).at(-1);
    return resetLinkIn(mail?.body ?? '').code;
  }

  /** A well-formed token that is not the real one. */
  const wrong = () => newToken();

  const liveCodes = async (userId: number) =>
    t.db
      .select()
      .from(passwordCodes)
      .where(and(eq(passwordCodes.user_id, userId), isNull(passwordCodes.used_at)));

  it('leaves earlier links live when someone asks again; using one spends them all', async () => {
    const email = 'owner@demo.test';
    const userId = await userIdOf(email);
    expect((await requestReset(email)).statusCode).toBe(200);
    const first = await latestCode(email);
    expect((await requestReset(email)).statusCode).toBe(200);
    const second = await latestCode(email);
    expect(second).not.toBe(first);
    expect(await liveCodes(userId)).toHaveLength(2);
    expect((await tryCode(userId, first, 'Owner-first-1!', '10.1.1.1')).statusCode).toBe(200);
    expect(await liveCodes(userId)).toHaveLength(0);
    expect((await tryCode(userId, second, 'Owner-second-1!')).statusCode).toBe(422);
    await signIn(t, email, 'Owner-first-1!');
  });

  it('stores only the SHA-256 of a 256-bit link token', async () => {
    const email = 'owner@demo.test';
    const userId = await userIdOf(email);
    advanceClock(RESET_ACCOUNT_LIMIT.windowMinutes * 60_000 + 1000);
    expect((await requestReset(email)).statusCode).toBe(200);
    const code = await latestCode(email);
    expect(Buffer.from(code, 'base64url')).toHaveLength(32);
    const [row] = await liveCodes(userId);
    expect(row.code_hash).toBe(sha256(`${userId}:${code}`));
    expect(row.code_hash).not.toContain(code);
  });

  it('spends every link of the account on success, a welcome link written alongside too', async () => {
    const email = 'owner@demo.test';
    const userId = await userIdOf(email);
    const code = await latestCode(email);
    // A second live link, as sign-up's welcome mail writes it (signup.ts).
    const welcome = newToken();
    await t.db.insert(passwordCodes).values({
      user_id: userId,
      code_hash: sha256(`${userId}:${welcome}`),
      expires_at: new Date(Date.now() + 3 * 3600_000),
    });
    expect((await tryCode(userId, code, 'Owner-reset-6!', '10.1.1.1')).statusCode).toBe(200);
    expect((await tryCode(userId, welcome, 'Taken-over-1!')).statusCode).toBe(422);
    await signIn(t, email, 'Owner-reset-6!');
  });

  it('kills nothing with wrong guesses: after 50 from 50 addresses the right link still works', async () => {
    const email = 'direct@demo.test';
    const userId = await userIdOf(email);
    await requestReset(email, '10.1.1.1');
    const code = await latestCode(email);
    const answers = await Promise.all(Array.from({ length: 50 }, () => tryCode(userId, wrong())));
    for (const res of answers) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.code).toEqual(['This code is invalid or has expired']);
    }
    // Six-digit codes, the old form, are no longer taken at all.
    expect((await tryCode(userId, '123456')).statusCode).toBe(422);
    const ok = await tryCode(userId, code, 'Direct-new-2!', '10.1.1.1');
    expect(ok.statusCode).toBe(200);
    expect(await liveCodes(userId)).toHaveLength(0);
    expect((await tryCode(userId, code, 'Other-pass-3!')).statusCode).toBe(422);
    await signIn(t, email, 'Direct-new-2!');
  });

  it('replays the attack: many addresses, many requests, many parallel guesses, no takeover', async () => {
    const email = 'franchise@demo.test';
    const userId = await userIdOf(email);
    let taken = 0;
    for (let round = 0; round < 10; round++) {
      advanceClock(RESET_ACCOUNT_LIMIT.windowMinutes * 60_000 + 1000);
      const asked = await requestReset(email);
      expect(asked.statusCode).toBe(200);
      // 24 parallel guesses from 24 addresses: all wrong, as all of an attacker's are.
      const answers = await Promise.all(Array.from({ length: 24 }, () => tryCode(userId, wrong())));
      expect(answers.every((res) => res.statusCode === 422 || res.statusCode === 429)).toBe(true);
      taken += answers.filter((res) => res.statusCode === 200).length;
    }
    expect(taken).toBe(0);
    console.info('reset attack: 240 link guesses from 240 addresses, 0 succeeded, 10 links still live');
    expect(await liveCodes(userId)).toHaveLength(10);
    // The real user still signs in (the attack touched only resets), and their newest link works.
    await signIn(t, email, DEMO_PASSWORD, '10.1.1.9');
    const fresh = await latestCode(email);
    expect((await tryCode(userId, fresh, 'Franchise-new-4!', '10.1.1.1')).statusCode).toBe(200);
    await signIn(t, email, 'Franchise-new-4!');
  }, 120_000);

  it('counts parallel wrong sign-ins before checking them: 12 at once, at most 5 checked', async () => {
    const email = 'socius@demo.test';
    const ip = '10.66.0.1';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        post('/client/create_session', { email, password: 'Wrong-guess-1!' }, ip),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 422).length).toBeLessThanOrEqual(t.config.rateLimit.perAccountAndIp);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(
      12 - t.config.rateLimit.perAccountAndIp,
    );
    expect(codes.every((c) => c === 422 || c === 429)).toBe(true);
    // The real user, from their own address, is not locked out.
    await signIn(t, email, DEMO_PASSWORD, '10.1.1.1');
  });

  it('limits wrong current passwords on the password change per account, from any address', async () => {
    const s = await signIn(t, 'owner@demo.test', 'Owner-reset-6!', '10.1.1.1');
    const change = (current: string, ip?: string) =>
      post(
        '/client/password',
        { current_password: current, password: 'Owner-new-5!', confirmed_password: 'Owner-new-5!' },
        ip,
        s.headers,
      );
    for (let i = 0; i < 5; i++) {
      const res = await change(`Guess-${i}-a!`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ current_password: ['Current password is incorrect'] });
    }
    const limited = await change('Owner-reset-6!');
    expect(limited.statusCode).toBe(429);
    expect(typeof limited.json().errors).toBe('string');
    // Parallel guesses do not get past the limit either, and the password is unchanged.
    const parallel = await Promise.all(Array.from({ length: 6 }, (_, i) => change(`Par-${i}-b!`)));
    expect(parallel.every((res) => res.statusCode === 429)).toBe(true);
    await signIn(t, 'owner@demo.test', 'Owner-reset-6!', '10.1.1.2');
  });
});
