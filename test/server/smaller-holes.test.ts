/**
 * Issue 15's "smaller holes", each replayed against the real app:
 * - an anonymous Idempotency-Key replayed from the same address without the first caller's
 *   credentials does not hand out the stored answer (a session token);
 * - /client/become and an impersonated live stream are audited; an impersonated session may not
 *   add payment methods (403) but may export (audited);
 * - get_user_data cannot be used to enumerate sales leads (misses are limited per address);
 * - an error report's bare X-User-Id is not believed, a real session is;
 * - one user's live connections are capped (the oldest closes);
 * - the welcome code cannot be reversed from its stored hash, and still sets the password.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, errorReports, mails, passwordCodes, users } from '../../server/db/schema/identity';
import { becomeSecret, signBecome } from '../../server/domain/auth/become';
import { MAX_STREAMS_PER_USER } from '../../server/routes/live';
import { STAFF_EMAIL } from '../../server/seed/people';
import { dbKinds, signIn, startApp, type TestApp } from './helpers';
import { apiToken, linkPass } from './signup-passes';

const basic = (token: string) => `Basic ${Buffer.from(`${token}:`).toString('base64')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(dbKinds)('smaller holes on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let API: Record<string, string>;
  beforeAll(async () => {
    t = await startApp(kind);
    API = apiToken(t);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
    ip = '10.9.0.1',
  ) =>
    t.app.inject({ method, url: `/api/v1${path}`, payload: payload as object, headers, remoteAddress: ip });

  it("does not replay an anonymous answer to a visitor without the first caller's credentials", async () => {
    const one = await call(
      'POST',
      '/client/registration_first_step',
      {
        first_name: 'Victor',
        last_name: 'Hale',
        address: '5150 W Sahara Ave, Las Vegas, NV 89102',
        phone_number: '7025550176',
        email: 'victor@apexgaragedoors.example',
        password: 'Gar4ge!doors',
        confirm_password: 'Gar4ge!doors',
        salesforce_id: '00Q-DEMO-0002',
      },
      linkPass(t, 'lead', '00Q-DEMO-0002'),
    );
    expect(one.statusCode).toBe(200);
    const step2 = {
      categories: ['garage_doors'],
      address: '5150 W Sahara Ave, Las Vegas, NV 89102',
      name: 'Apex Garage Doors',
      first_name: 'Victor',
      last_name: 'Hale',
      phone_number: '7025550176',
      email: 'victor@apexgaragedoors.example',
      salesforce_id: '00Q-DEMO-0002',
    };
    const key = { 'idempotency-key': 'shared-office-key-0001' };
    const victim = await call('POST', '/client/registration_second_step', step2, {
      ...API,
      ...key,
      authorization: basic(one.json().registration_token),
    });
    expect(victim.statusCode).toBe(200);
    expect(victim.json().token).toBeTruthy();
    // Same address (an office behind one NAT), same key and body, but not the victim's token.
    const intruder = await call('POST', '/client/registration_second_step', step2, { ...API, ...key });
    expect(intruder.headers['idempotent-replayed']).toBeUndefined();
    expect(intruder.statusCode).toBe(422);
    expect(intruder.body).not.toContain(victim.json().token);
    // The victim's own retry still gets its answer.
    const retry = await call('POST', '/client/registration_second_step', step2, {
      ...API,
      ...key,
      authorization: basic(one.json().registration_token),
    });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().token).toBe(victim.json().token);
  });

  it('audits /client/become and the impersonated live stream; staff may export but not add cards', async () => {
    const ed = signBecome(becomeSecret(t.config), STAFF_EMAIL, 'direct@demo.test');
    const res = await call('POST', '/client/become', { ed, email: 'direct@demo.test' });
    expect(res.statusCode).toBe(200);
    const { token, user_id, impersonate_id } = res.json();
    const audits = () =>
      t.db.select().from(auditLog).where(eq(auditLog.user_id, user_id)).orderBy(auditLog.id);
    expect((await audits()).map((r) => [r.method, r.path, r.staff_id])).toEqual([
      ['POST', '/api/v1/client/become', impersonate_id],
    ]);
    const headers = {
      'x-auth-token': token,
      'x-user-id': String(user_id),
      'x-impersonate-id': String(impersonate_id),
    };

    const stream = new AbortController();
    const opened = await fetch(`${url}/api/v1/live`, { headers, signal: stream.signal });
    expect(opened.status).toBe(200);
    await expect
      .poll(async () => (await audits()).some((r) => r.path === '/api/v1/live' && r.status === 200))
      .toBe(true);
    stream.abort();
    await expect
      .poll(async () => (await audits()).some((r) => r.path === '/api/v1/live' && r.status === 499))
      .toBe(true);

    const card = await call('GET', '/live/paysimple/token', undefined, headers);
    expect(card.statusCode).toBe(403);
    expect(card.json().errors).toBe('Not allowed while impersonating a customer');
    const create = await call(
      'POST',
      '/live/payment_methods/create',
      { ps_account_id: 'x', ps_customer_id: 'y' },
      headers,
    );
    expect(create.statusCode).toBe(403);
    const exported = await call(
      'POST',
      '/leads/export',
      { start_date: '2026-11-19', end_date: '2026-11-20' },
      headers,
    );
    expect(exported.statusCode).toBe(200);
    // Written by the onResponse hook, after the answer left.
    await expect
      .poll(async () => (await audits()).some((r) => r.path === '/api/v1/leads/export' && r.status === 200))
      .toBe(true);
    // The customer's own session may do what staff may not.
    const own = await signIn(t, 'direct@demo.test');
    expect((await call('GET', '/live/paysimple/token', undefined, own.headers)).statusCode).toBe(200);
  });

  it('limits get_user_data look-ups of unknown lead ids per address', async () => {
    const ip = '10.9.7.7';
    const misses = [];
    for (let i = 0; i < t.config.rateLimit.perIp; i += 1)
      misses.push(
        (await call('GET', `/client/get_user_data?salesforce_id=00Q-GUESS-${i}`, undefined, API, ip))
          .statusCode,
      );
    expect(misses.every((s) => s === 404)).toBe(true);
    const blocked = await call(
      'GET',
      '/client/get_user_data?salesforce_id=00Q-DEMO-0001',
      undefined,
      API,
      ip,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // The sales link still works for everyone else, and again and again for its own lead.
    for (let i = 0; i < 8; i += 1) {
      const ok = await call(
        'GET',
        '/client/get_user_data?salesforce_id=00Q-DEMO-0001',
        undefined,
        API,
        '10.9.7.8',
      );
      expect(ok.statusCode).toBe(200);
    }
  });

  it("attributes an error report to a user only with that user's session", async () => {
    const owner = await signIn(t, 'owner@demo.test');
    await call(
      'POST',
      '/error_report',
      { message: 'forged attribution' },
      { 'x-user-id': String(owner.user_id) },
    );
    await call('POST', '/error_report', { message: 'real attribution' }, owner.headers);
    const [forged] = await t.db
      .select()
      .from(errorReports)
      .where(eq(errorReports.message, 'forged attribution'));
    const [real] = await t.db.select().from(errorReports).where(eq(errorReports.message, 'real attribution'));
    expect(forged.user_id).toBeNull();
    expect(real.user_id).toBe(owner.user_id);
  });

  it("caps one user's live connections: one more closes the oldest", async () => {
    const s = await signIn(t, 'multi@demo.test');
    const streams: { closed: Promise<boolean>; abort: AbortController }[] = [];
    const open = async () => {
      const abort = new AbortController();
      const res = await fetch(`${url}/api/v1/live`, { headers: s.headers, signal: abort.signal });
      expect(res.status).toBe(200);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const closed = (async () => {
        for (;;) {
          const { done } = await reader.read().catch(() => ({ done: true }));
          if (done) return true;
        }
      })();
      streams.push({ closed, abort });
    };
    for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1) await open();
    const endedEarly = await Promise.race([streams[0].closed, sleep(300).then(() => false)]);
    expect(endedEarly).toBe(false);
    await open();
    expect(await Promise.race([streams[0].closed, sleep(5000).then(() => false)])).toBe(true);
    expect(await Promise.race([streams[1].closed, sleep(300).then(() => false)])).toBe(false);
    for (const stream of streams) stream.abort.abort();
  });

  it('stores a welcome code that cannot be reversed, and the code sets the password', async () => {
    const invite = await call('POST', '/dev/invite', {
      email: 'welcome-me@example.test',
      business_name: 'Oak Care',
    });
    const regToken = invite.json().token as string;
    const auth = await call('POST', '/client/authenticate', undefined, { authorization: basic(regToken) });
    const session = {
      'x-auth-token': auth.json().payload.token,
      'x-user-id': String(auth.json().payload.user_id),
    };
    const done = await call(
      'POST',
      '/client/account/update',
      { name: 'Oak Care LLC', categories: ['tree_service'] },
      { ...session, authorization: basic(regToken) },
    );
    expect(done.statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'welcome-me@example.test'));
    const [stored] = await t.db
      .select()
      .from(passwordCodes)
      .where(eq(passwordCodes.user_id, user.id))
      .orderBy(desc(passwordCodes.id));
    // The old weakness: a 6-digit code under SHA-256 is found by trying all million of them.
    let reversed: string | null = null;
    for (let n = 0; n < 1_000_000 && !reversed; n += 1) {
      const guess = String(n).padStart(6, '0');
      if (createHash('sha256').update(`${user.id}:${guess}`).digest('hex') === stored.code_hash)
        reversed = guess;
    }
    expect(reversed).toBeNull();
    const [mail] = await t.db
      .select()
      .from(mails)
      .where(
        and(eq(mails.to, 'welcome-me@example.test'), eq(mails.subject, 'Welcome! Choose your password')),
      );
    const code = new URLSearchParams(mail.body.split('/login?')[1].trim()).get('code') as string;
    expect(code.length).toBeGreaterThanOrEqual(32);
    const set = await call('POST', '/client/password', {
      code,
      password: 'Welcome-oak-1!',
      confirmed_password: 'Welcome-oak-1!',
      user_id: user.id,
      welcome: true,
    });
    expect(set.statusCode).toBe(200);
    expect((await signIn(t, 'welcome-me@example.test', 'Welcome-oak-1!')).user_id).toBe(user.id);
  });
});
