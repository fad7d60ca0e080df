/**
 * Issue 29, item 5: guesses spread over many addresses are bounded per account. Sign-in from
 * unknown devices slows down after SIGN_IN_ACCOUNT_LIMIT.slowAfter failures from anywhere and
 * locks at max (a reset lifts it); issue 47: reset requests are spaced per account, never capped
 * for longer, and wrong reset links are not capped per account (nobody can spend the customer's);
 * IPv6 clients are counted by their /64.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts, mails, users } from '../../server/db/schema/identity';
import { RESET_MAIL_SUBJECT } from '../../server/domain/auth/passwords';
import {
  accountWait,
  addressKey,
  RESET_ACCOUNT_LIMIT,
  SIGN_IN_ACCOUNT_LIMIT,
} from '../../server/domain/auth/rate-limit';
import { HELD_MESSAGE } from '../../server/domain/auth/sign-in';
import { advanceClock, resetClock } from '../../server/lib/clock';
import { DEMO_PASSWORD } from '../../server/seed/people';
import { dbKinds, resetLinkIn, startApp, type TestApp } from './helpers';

describe('addressKey and accountWait', () => {
  it('keys IPv6 on the /64 and leaves IPv4 as it is', () => {
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('slows down from slowAfter failures and locks at max until enough age out', () => {
    const limit = { slowAfter: 2, max: 4, windowMinutes: 15 };
    const now = 1_000_000_000;
    const ago = (s: number) => new Date(now - s * 1000);
    expect(accountWait(limit, [ago(0)], now)).toBe(0);
    expect(accountWait(limit, [ago(0), ago(1)], now)).toBe(5);
    expect(accountWait(limit, [ago(2), ago(3)], now)).toBe(3);
    expect(accountWait(limit, [ago(6), ago(7)], now)).toBe(0);
    expect(accountWait(limit, [ago(0), ago(5), ago(6)], now)).toBe(10);
    const locked = [ago(10), ago(20), ago(30), ago(100)];
    expect(accountWait(limit, locked, now)).toBe(15 * 60 - 100);
    // Failures older than the window do not count.
    expect(accountWait(limit, [ago(10), ago(20), ago(30), ago(15 * 60 + 1)], now)).toBe(0);
  });
});

describe.each(dbKinds)('per-account limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object, ip: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip });
  const signIn = (email: string, password: string, ip: string) =>
    post('/client/create_session', { email, password }, ip);
  /** Moves the account's counted failures back in time (as if the attacker had waited). */
  const age = (account: string, seconds: number) =>
    t.db
      .update(authAttempts)
      .set({ created_at: sql`${authAttempts.created_at} - make_interval(secs => ${seconds})` })
      .where(eq(authAttempts.account, account));

  it('replays the finding: 60 wrong passwords from 12 addresses are not all checked', async () => {
    const email = 'direct@demo.test';
    const codes: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 60; i++)
      codes.push((await signIn(email, `Wrong-guess-${i}!`, `10.12.0.${(i % 12) + 1}`)).statusCode);
    const seconds = (Date.now() - started) / 1000;
    const slowAfter = SIGN_IN_ACCOUNT_LIMIT.slowAfter ?? 0;
    // After slowAfter failures only the pauses (5 s, 10 s, 20 s, ...) let a guess through: as many
    // as fit in the time the 60 requests took on this machine.
    let pauses = 0;
    for (let waited = 5; waited <= seconds; waited += Math.min(5 * 2 ** pauses, 60)) pauses += 1;
    const checkedAtOnce = codes.filter((c) => c === 422).length;
    expect(checkedAtOnce).toBeGreaterThanOrEqual(slowAfter);
    expect(checkedAtOnce).toBeLessThanOrEqual(slowAfter + pauses);
    expect(codes.filter((c) => c === 429)).toHaveLength(60 - checkedAtOnce);
    // An unknown device with the right password: not a bare 429, the second proof (sign-in.ts).
    const slowed = await signIn(email, DEMO_PASSWORD, '10.12.1.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().errors).toBe(HELD_MESSAGE);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);

    // Waiting lets guesses through, one by one, until the account locks at max.
    let checked = checkedAtOnce;
    for (let i = 0; i < 40 && checked < SIGN_IN_ACCOUNT_LIMIT.max; i++) {
      await age(email, 61);
      const res = await signIn(email, `Patient-guess-${i}!`, `10.12.2.${i + 1}`);
      if (res.statusCode === 422) checked += 1;
    }
    expect(checked).toBe(SIGN_IN_ACCOUNT_LIMIT.max);
    const locked = await signIn(email, DEMO_PASSWORD, '10.12.3.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors).toBe(HELD_MESSAGE);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('lifts the lock when the failures age out of the window, or with a password reset', async () => {
    await age('direct@demo.test', SIGN_IN_ACCOUNT_LIMIT.windowMinutes * 60);
    expect((await signIn('direct@demo.test', DEMO_PASSWORD, '10.12.4.1')).statusCode).toBe(200);

    // An attacker's failures from many addresses, as the first test made them: locked.
    const email = 'multi@demo.test';
    await t.db.insert(authAttempts).values(
      Array.from({ length: SIGN_IN_ACCOUNT_LIMIT.max }, (_, i) => ({
        kind: 'sign_in',
        account: email,
        ip: `10.13.0.${i + 1}`,
      })),
    );
    expect((await signIn(email, DEMO_PASSWORD, '10.13.1.1')).statusCode).toBe(429);
    await post('/client/password_reset', { email }, '10.13.1.1');
    const [mail] = await t.db
      .select()
      .from(mails)
      .where(eq(mails.to, email))
      .orderBy(desc(mails.id))
      .limit(1);
    const { code } = resetLinkIn(mail.body);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const reset = await post(
      '/client/password',
      { code, user_id: user.id, password: 'Multi-new-1!', confirmed_password: 'Multi-new-1!' },
      '10.13.1.1',
    );
    expect(reset.statusCode).toBe(200);
    expect((await signIn(email, 'Multi-new-1!', '10.13.1.1')).statusCode).toBe(200);
  });

  it('spaces reset requests per account and caps no link guesses per account', async () => {
    const email = 'franchise@demo.test';
    // Reset mails only: the third request in the hour also mails the owner the attack notice.
    const resetMails = () =>
      t.db
        .select()
        .from(mails)
        .where(and(eq(mails.to, email), eq(mails.subject, RESET_MAIL_SUBJECT)))
        .orderBy(desc(mails.id));
    const mailed = async () => (await resetMails()).length;
    const before = await mailed();
    const answers: number[] = [];
    for (let i = 0; i < 10; i++)
      answers.push((await post('/client/password_reset', { email }, `10.14.0.${i + 1}`)).statusCode);
    expect(answers.filter((c) => c === 200)).toHaveLength(RESET_ACCOUNT_LIMIT.max);
    expect(answers.slice(RESET_ACCOUNT_LIMIT.max).every((c) => c === 429)).toBe(true);
    expect((await mailed()) - before).toBe(RESET_ACCOUNT_LIMIT.max);
    // The window is minutes, not an hour: once it has passed, the next request gets a mail.
    try {
      advanceClock(RESET_ACCOUNT_LIMIT.windowMinutes * 60_000 + 1000);
      expect((await post('/client/password_reset', { email }, '10.14.0.99')).statusCode).toBe(200);
    } finally {
      resetClock();
    }
    expect((await mailed()) - before).toBe(RESET_ACCOUNT_LIMIT.max + 1);

    // 30 wrong links from 30 addresses: each is just wrong (422), none is refused for the
    // account, and the customer's own link still works afterwards.
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const [mail] = await resetMails();
    const guesses: number[] = [];
    for (let i = 0; i < 30; i++)
      guesses.push(
        (
          await post(
            '/client/password',
            {
              code: `${'x'.repeat(40)}${String(i).padStart(3, '0')}`,
              user_id: user.id,
              password: 'Taken-1!x',
              confirmed_password: 'Taken-1!x',
            },
            `10.14.1.${i + 1}`,
          )
        ).statusCode,
      );
    expect(guesses.every((c) => c === 422)).toBe(true);
    const own = await post(
      '/client/password',
      {
        code: resetLinkIn(mail.body).code,
        user_id: user.id,
        password: 'Franchise-2!x',
        confirmed_password: 'Franchise-2!x',
      },
      '10.14.2.1',
    );
    expect(own.statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, for the sign-in limits and the per-route limits', async () => {
    const email = 'socius@demo.test';
    const codes: number[] = [];
    for (let i = 1; i <= 6; i++)
      codes.push((await signIn(email, `Wrong-${i}-b!`, `2001:db8:29:5::${i}`)).statusCode);
    expect(codes).toEqual([422, 422, 422, 422, 422, 429]);
    const stored = await t.db
      .select({ ip: authAttempts.ip })
      .from(authAttempts)
      .where(and(eq(authAttempts.account, email), eq(authAttempts.kind, 'sign_in')));
    expect(new Set(stored.map((r) => r.ip))).toEqual(new Set(['2001:db8:29:5::/64']));
    // Another /64 is another address.
    expect((await signIn(email, DEMO_PASSWORD, '2001:db8:29:6::1')).statusCode).toBe(200);

    const checks: number[] = [];
    for (let i = 1; i <= 61; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/validate/email?value=a%40b.example',
        remoteAddress: `2001:db8:29:7::${i.toString(16)}`,
      });
      checks.push(res.statusCode);
    }
    expect(checks.at(-1)).toBe(429);
  });
});
