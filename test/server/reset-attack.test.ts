/**
 * Issue 15's account-takeover probe, replayed: an attacker from many addresses asks for reset
 * codes and guesses them, and guesses current passwords and sign-in passwords in parallel. Each
 * account has one live code, a code takes five guesses from anywhere and is then dead (even the
 * right code fails), a fresh request still works for the real user, codes are stored under a
 * server key, and parallel guesses never get more checks than the limit. Issue 29: reset requests
 * and code guesses are capped per account too, so many addresses get no more fresh codes.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts, mails, passwordCodes, users } from '../../server/db/schema/identity';
import { CODE_ACCOUNT_LIMIT, RESET_ACCOUNT_LIMIT } from '../../server/domain/auth/rate-limit';
import { sha256 } from '../../server/lib/crypto';
import { DEMO_PASSWORD } from '../../server/seed/people';
import { dbKinds, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('reset-code and password guessing on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

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

  async function latestCode(email: string) {
    const [mail] = await t.db
      .select()
      .from(mails)
      .where(eq(mails.to, email))
      .orderBy(desc(mails.id))
      .limit(1);
    const code = /code is (\d{6})/.exec(mail?.body ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  /** A six-digit code that is not the real one. */
  const wrong = (code: string, i: number) =>
    String((Number(code) + 1 + i * 7919) % 1_000_000).padStart(6, '0');

  it('keeps one live code per account: a new request replaces the earlier code', async () => {
    const email = 'owner@demo.test';
    const userId = await userIdOf(email);
    expect((await requestReset(email)).statusCode).toBe(200);
    const first = await latestCode(email);
    expect((await requestReset(email)).statusCode).toBe(200);
    const second = await latestCode(email);
    if (first !== second) expect((await tryCode(userId, first)).statusCode).toBe(422);
    const live = await t.db
      .select()
      .from(passwordCodes)
      .where(and(eq(passwordCodes.user_id, userId), isNull(passwordCodes.used_at)));
    expect(live).toHaveLength(1);
  });

  it('stores codes under a server key, not as the reversible sha256("userId:code")', async () => {
    const email = 'owner@demo.test';
    const userId = await userIdOf(email);
    await requestReset(email);
    const code = await latestCode(email);
    const [row] = await t.db
      .select()
      .from(passwordCodes)
      .where(and(eq(passwordCodes.user_id, userId), isNull(passwordCodes.used_at)));
    expect(row.code_hash).not.toBe(sha256(`${userId}:${code}`));
    expect(row.code_hash).not.toContain(code);
  });

  it('spends every code of the account on success, a welcome code written alongside too', async () => {
    const email = 'owner@demo.test';
    const userId = await userIdOf(email);
    await requestReset(email);
    const code = await latestCode(email);
    // A second live code, as sign-up's welcome mail writes it (plain sha256, see signup.ts).
    await t.db.insert(passwordCodes).values({
      user_id: userId,
      code_hash: sha256(`${userId}:123456`),
      expires_at: new Date(Date.now() + 3600_000),
    });
    expect((await tryCode(userId, code, 'Owner-reset-6!', '10.1.1.1')).statusCode).toBe(200);
    expect((await tryCode(userId, '123456', 'Taken-over-1!')).statusCode).toBe(422);
    await signIn(t, email, 'Owner-reset-6!');
  });

  it('kills a code after five wrong guesses from five addresses; even the right code then fails', async () => {
    const email = 'direct@demo.test';
    const userId = await userIdOf(email);
    await requestReset(email);
    const code = await latestCode(email);
    for (let i = 0; i < 5; i++) {
      const res = await tryCode(userId, wrong(code, i));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.code).toEqual(['This code is invalid or has expired']);
    }
    const right = await tryCode(userId, code);
    expect(right.statusCode).toBe(422);
    expect(right.json().errors.code).toEqual(['This code is invalid or has expired']);

    // The real user asks again and the fresh code works; every code is spent afterwards.
    await requestReset(email, '10.1.1.1');
    const fresh = await latestCode(email);
    const ok = await tryCode(userId, fresh, 'Direct-new-2!', '10.1.1.1');
    expect(ok.statusCode).toBe(200);
    const live = await t.db
      .select()
      .from(passwordCodes)
      .where(and(eq(passwordCodes.user_id, userId), isNull(passwordCodes.used_at)));
    expect(live).toHaveLength(0);
    expect((await tryCode(userId, fresh, 'Other-pass-3!')).statusCode).toBe(422);
    await signIn(t, email, 'Direct-new-2!');
  });

  it('replays the attack: many addresses, many requests, many parallel guesses, no takeover', async () => {
    const email = 'franchise@demo.test';
    const userId = await userIdOf(email);
    const mailed = async () => (await t.db.select().from(mails).where(eq(mails.to, email))).length;
    const mailsBefore = await mailed();
    let answered = 0;
    const rounds = 10;
    for (let round = 0; round < rounds; round++) {
      const asked = await requestReset(email);
      // Per account, from any address: RESET_ACCOUNT_LIMIT.max requests an hour, then 429.
      expect(asked.statusCode).toBe(round < RESET_ACCOUNT_LIMIT.max ? 200 : 429);
      const code = await latestCode(email);
      // 24 parallel guesses from 24 addresses: all wrong, as nearly all of an attacker's are.
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) => tryCode(userId, wrong(code, i))),
      );
      expect(answers.every((res) => res.statusCode === 422 || res.statusCode === 429)).toBe(true);
      answered += answers.filter((res) => res.statusCode === 422).length;
      // From yet another address, even the right code no longer works.
      expect([422, 429]).toContain((await tryCode(userId, code)).statusCode);
    }
    const [compared] = await t.db
      .select({ n: sql<number>`sum(${passwordCodes.attempts})::int` })
      .from(passwordCodes)
      .where(eq(passwordCodes.user_id, userId));
    console.info(`reset attack: ${rounds * 25} guesses sent, ${compared.n} compared, 0 succeeded`);
    // Per account, from any address: CODE_ACCOUNT_LIMIT.max guesses an hour are looked at at all.
    expect(compared.n).toBeLessThanOrEqual(CODE_ACCOUNT_LIMIT.max);
    expect(answered).toBeLessThanOrEqual(CODE_ACCOUNT_LIMIT.max);
    expect((await mailed()) - mailsBefore).toBe(RESET_ACCOUNT_LIMIT.max);
    // The real user still signs in (the attack touched only reset codes), and can reset once the
    // hour's requests are behind them.
    await signIn(t, email, DEMO_PASSWORD, '10.1.1.9');
    expect((await requestReset(email, '10.1.1.1')).statusCode).toBe(429);
    await t.db
      .update(authAttempts)
      .set({ created_at: sql`${authAttempts.created_at} - interval '61 minutes'` })
      .where(inArray(authAttempts.account, [email, String(userId)]));
    expect((await requestReset(email, '10.1.1.1')).statusCode).toBe(200);
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
