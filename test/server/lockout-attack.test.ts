/**
 * Issue 47, item 1: anyone who knows a customer's e-mail could keep them out. The attack is
 * replayed on the server's moved clock (lib/clock.ts): for 3 hours one wrong sign-in a minute from
 * 4 rotating addresses, 5 reset requests and 10 reset-link guesses an hour; meanwhile the customer
 * signs in every 5 minutes from the browser they used before and resets their password 3 times
 * through the mailbox. The customer's known device gets in throughout and every reset works; an
 * unknown device with the right password gets a one-time sign-in link instead of a bare 429; the
 * owner gets one attack mail, not one per attempt.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mails, users } from '../../server/db/schema/identity';
import { SIGN_IN_ACCOUNT_LIMIT } from '../../server/domain/auth/rate-limit';
import { HELD_MESSAGE } from '../../server/domain/auth/sign-in';
import { ATTACK_NOTICE_SUBJECT, SIGN_IN_LINK_SUBJECT } from '../../server/domain/auth/sign-in-links';
import { advanceClock, resetClock } from '../../server/lib/clock';
import { DEMO_PASSWORD } from '../../server/seed/people';
import { dbKinds, resetLinkIn, startApp, type TestApp } from './helpers';

/** The cookies a browser keeps from the answers it got (name -> value). */
type Jar = Map<string, string>;

function keep(jar: Jar, setCookie: string | string[] | undefined) {
  for (const line of [setCookie ?? []].flat()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

describe.each(dbKinds)('account lockout by others on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterEach(() => resetClock());
  afterAll(() => t?.close());

  const post = (url: string, payload: object, ip: string, jar?: Jar) =>
    t.app
      .inject({
        method: 'POST',
        url: `/api/v1${url}`,
        payload,
        remoteAddress: ip,
        headers: jar?.size ? { cookie: cookieHeader(jar) } : {},
      })
      .then((res) => {
        if (jar) keep(jar, res.headers['set-cookie']);
        return res;
      });
  const signIn = (email: string, password: string, ip: string, jar?: Jar) =>
    post('/client/create_session', { email, password }, ip, jar);

  const mailsTo = (email: string, subject: string) =>
    t.db
      .select()
      .from(mails)
      .where(and(eq(mails.to, email), eq(mails.subject, subject)))
      .orderBy(desc(mails.id));

  /** The newest set-password link mailed to `email` (the reset mail's, whatever its subject). */
  async function newestResetLink(email: string) {
    const rows = await t.db.select().from(mails).where(eq(mails.to, email)).orderBy(desc(mails.id));
    const mail = rows.find((row) => row.body.includes('/login?code='));
    return mail ? resetLinkIn(mail.body) : null;
  }

  /** Wrong passwords from many addresses until the account refuses unknown devices (a lock). */
  async function lockOut(email: string, prefix: string) {
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT.max; i++) {
      // Spaced past the slow-down's pauses, so every one is checked and counted.
      advanceClock(30_000);
      const res = await signIn(email, `Wrong-${i}-x!`, `${prefix}.${i + 1}`);
      expect([422, 429]).toContain(res.statusCode);
    }
    const held = await signIn(email, 'Still-wrong-1!', `${prefix}.200`);
    expect(held.statusCode).toBe(429);
  }

  it('replays the attack: the known device signs in throughout and every reset works', async () => {
    const email = 'owner@demo.test';
    const home = '10.47.9.9';
    const jar: Jar = new Map();
    // The customer has used this browser before the attack starts.
    expect((await signIn(email, DEMO_PASSWORD, home, jar)).statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    let password = DEMO_PASSWORD;
    const figures = { signIns: 0, signedIn: 0, resets: 0, resetsWorked: 0, attackerIn: 0 };
    for (let minute = 0; minute < 180; minute++) {
      advanceClock(60_000);
      const inHour = minute % 60;
      const attacker = `10.47.0.${(minute % 4) + 1}`;
      const probe = await signIn(email, `Guess-${minute}-a!`, attacker);
      if (probe.statusCode === 200) figures.attackerIn += 1;
      if (inHour % 12 === 6) await post('/client/password_reset', { email }, attacker);
      if (inHour % 6 === 3) {
        const code = String((minute * 7919) % 1_000_000).padStart(6, '0');
        const guess = {
          code,
          user_id: user.id,
          password: 'Taken-over-1!',
          confirmed_password: 'Taken-over-1!',
        };
        if ((await post('/client/password', guess, attacker)).statusCode === 200) figures.attackerIn += 1;
      }
      if (minute % 5 === 2) {
        figures.signIns += 1;
        if ((await signIn(email, password, home, jar)).statusCode === 200) figures.signedIn += 1;
      }
      if (inHour === 30) {
        // The customer asks for a reset and opens the newest link in their mailbox.
        figures.resets += 1;
        await post('/client/password_reset', { email }, home, jar);
        const link = await newestResetLink(email);
        const next = `Owner-new-${minute}!`;
        const body = { code: link?.code, user_id: user.id, password: next, confirmed_password: next };
        if (link && (await post('/client/password', body, home, jar)).statusCode === 200) {
          figures.resetsWorked += 1;
          password = next;
        }
      }
    }
    console.info(
      `lockout attack on ${kind}, 3 h: the customer signed in ${figures.signedIn} of ${figures.signIns} times, ` +
        `${figures.resetsWorked} of ${figures.resets} resets worked, the attacker got in ${figures.attackerIn} times`,
    );
    expect(figures).toEqual({ signIns: 36, signedIn: 36, resets: 3, resetsWorked: 3, attackerIn: 0 });
    // One attack mail for the whole attack, not one per attempt.
    expect(await mailsTo(email, ATTACK_NOTICE_SUBJECT)).toHaveLength(1);
  }, 600_000);

  it('sets a signed, per-account device cookie: HttpOnly, SameSite=Strict, Secure over https', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/create_session',
      payload: { email: 'direct@demo.test', password: DEMO_PASSWORD },
      remoteAddress: '10.48.0.1',
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /^dev_[\w-]{16}=[\w-]+\.[\w-]+; Path=\/api\/v1\/client; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
    const proxied = await startApp(kind, { trustProxy: ['127.0.0.1'] });
    try {
      const https = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/client/create_session',
        payload: { email: 'direct@demo.test', password: DEMO_PASSWORD },
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.48.0.2' },
        remoteAddress: '127.0.0.1',
      });
      expect(String(https.headers['set-cookie'])).toMatch(/; Secure$/);
    } finally {
      await proxied.close();
    }
  });

  it("counts a known device's failures apart, and ignores a forged or another account's cookie", async () => {
    const email = 'multi@demo.test';
    const jar: Jar = new Map();
    expect((await signIn(email, DEMO_PASSWORD, '10.49.0.1', jar)).statusCode).toBe(200);
    await lockOut(email, '10.49.1');
    // The known device: through the lock with the right password; its own typos are its own limit.
    expect((await signIn(email, DEMO_PASSWORD, '10.49.0.1', jar)).statusCode).toBe(200);
    const typos: number[] = [];
    for (let i = 0; i < t.config.rateLimit.perAccountAndIp + 1; i++)
      typos.push((await signIn(email, `Typo-${i}-x!`, `10.49.2.${i + 1}`, jar)).statusCode);
    expect(typos.slice(0, -1).every((code) => code === 422)).toBe(true);
    expect(typos.at(-1)).toBe(429);

    // A forged cookie, or the device cookie of another account under this account's name: unknown.
    const [name, value] = [...jar][0];
    const forged: Jar = new Map([[name, `${value.split('.')[0]}.${'A'.repeat(43)}`]]);
    expect((await signIn(email, DEMO_PASSWORD, '10.49.3.1', forged)).json().errors).toBe(HELD_MESSAGE);
    const other: Jar = new Map();
    await signIn('socius@demo.test', DEMO_PASSWORD, '10.49.3.2', other);
    const swapped: Jar = new Map([[name, [...other][0][1]]]);
    expect((await signIn(email, DEMO_PASSWORD, '10.49.3.3', swapped)).json().errors).toBe(HELD_MESSAGE);
  });

  it('mails an unknown device with the right password a one-time sign-in link, same answer either way', async () => {
    const email = 'franchise@demo.test';
    await lockOut(email, '10.50.1');
    const links = async () => (await mailsTo(email, SIGN_IN_LINK_SUBJECT)).length;
    const wrong = await signIn(email, 'Not-it-at-all-1!', '10.50.2.1');
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json().errors).toBe(HELD_MESSAGE);
    expect(await links()).toBe(0);

    const phone: Jar = new Map();
    const right = await signIn(email, DEMO_PASSWORD, '10.50.2.2', phone);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(wrong.json());
    expect(await links()).toBe(1);
    // Asking again a moment later does not mail another link: the first one is still good.
    await signIn(email, DEMO_PASSWORD, '10.50.2.2', phone);
    expect(await links()).toBe(1);

    const [mail] = await mailsTo(email, SIGN_IN_LINK_SUBJECT);
    const token = new URLSearchParams(/\/login\?(\S+)/.exec(mail.body)?.[1]).get('sign_in_token') as string;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const opened = await post('/client/sign_in_link', { token }, '10.50.2.2', phone);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().user.email).toBe(email);
    expect((await post('/client/sign_in_link', { token }, '10.50.2.2')).statusCode).toBe(422);
    // The link made the phone a known device: it signs in through the lock from now on.
    expect((await signIn(email, DEMO_PASSWORD, '10.50.2.3', phone)).statusCode).toBe(200);

    // An expired link does not work.
    advanceClock(3 * 60_000);
    await signIn(email, DEMO_PASSWORD, '10.50.2.4');
    const [late] = await mailsTo(email, SIGN_IN_LINK_SUBJECT);
    const lateToken = new URLSearchParams(/\/login\?(\S+)/.exec(late.body)?.[1]).get(
      'sign_in_token',
    ) as string;
    advanceClock(16 * 60_000);
    expect((await post('/client/sign_in_link', { token: lateToken }, '10.50.2.4')).statusCode).toBe(422);
    expect((await mailsTo(email, ATTACK_NOTICE_SUBJECT)).length).toBe(1);
  });

  it('mails the owner once when resets keep being requested, not once per request', async () => {
    const email = 'directories@demo.test';
    const asked: number[] = [];
    for (let i = 0; i < 12; i++) {
      advanceClock(5 * 60_000 + 1000);
      asked.push((await post('/client/password_reset', { email }, `10.51.0.${i + 1}`)).statusCode);
    }
    expect(asked.every((code) => code === 200)).toBe(true);
    const notices = await mailsTo(email, ATTACK_NOTICE_SUBJECT);
    expect(notices).toHaveLength(1);
    expect(notices[0].body).toContain('Password resets for your account have been requested several times');
    expect(notices[0].body).toContain('Reset emails that you did not ask for can be ignored');
  });
});
