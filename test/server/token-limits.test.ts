/**
 * Wrong sign-up link keys and API tokens are limited per address (issue 47, item 3): the attack
 * the issue replays (70 wrong lead keys, 70 wrong X-Api-Token, 70 wrong legacy keys from one
 * address) gets RATE_PER_IP answers of 404/401, then 429 with Retry-After, for a right key from
 * that address too (or 429 would only mean "wrong"); other addresses are not touched, and the
 * address works again once its failures are older than the window. And a start refuses a
 * SIGNUP_API_TOKEN that is long but predictable.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { authAttempts } from '../../server/db/schema/identity';
import { TOO_MANY_TOKENS } from '../../server/domain/signup/token-checks';
import { advanceClock, resetClock } from '../../server/lib/clock';
import { estimatedBits, MIN_TOKEN_BITS } from '../../server/lib/token-entropy';
import { signupSecret } from '../../server/plugins/auth-contexts';
import { signupPass } from '../../src/api/contracts/signup';
import { dbKinds, startApp, type TestApp } from './helpers';
import { apiToken, linkPass } from './signup-passes';

const ATTEMPTS = 70;
const LEAD_URL = '/client/get_user_data?salesforce_id=00Q-DEMO-0001';
const LEGACY_URL = '/client/marketsharp/accounts/MS-1002';
const wrongKey = () => randomBytes(32).toString('base64url');

describe('SIGNUP_API_TOKEN at start', () => {
  const secret = (value: string) => signupSecret('become', loadConfig({ SIGNUP_API_TOKEN: value }));

  it('refuses long values that are easy to guess, with what to use instead', () => {
    for (const value of [
      'a'.repeat(40),
      'ABABABABABABABABABABABABABABABABAB',
      'password1234password1234password',
      'changeme-changeme-changeme-changeme',
      'abcdefghijklmnopqrstuvwxyz0123456789',
      '01234567890123456789012345678901234',
      'qwertyuiopasdfghjklzxcvbnm1234567890',
      'Summer2026!Summer2026!Summer2026!',
      'my-super-secret-signup-api-token!',
    ]) {
      expect(estimatedBits(value), value).toBeLessThan(MIN_TOKEN_BITS);
      expect(() => secret(value), value).toThrow(ConfigError);
      expect(() => secret(value), value).toThrow(/too predictable.*openssl rand -base64 32/);
    }
    expect(() => secret('short')).toThrow(/too short/);
  });

  it('accepts generated values of 32 characters or more', () => {
    for (let i = 0; i < 200; i += 1) {
      for (const value of [
        randomBytes(32).toString('base64'), // openssl rand -base64 32
        randomBytes(16).toString('hex'), // openssl rand -hex 16
        randomBytes(24).toString('base64url'),
        randomUUID(),
      ])
        expect(secret(value), value).toBe(value);
    }
  });
});

describe.each(dbKinds)('wrong link keys and API tokens on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());
  afterEach(() => resetClock());

  const get = (url: string, headers: Record<string, string>, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers, remoteAddress });

  /** ATTEMPTS wrong tries from one address: the statuses, in order. */
  async function attack(url: string, headers: () => Record<string, string>, ip: string) {
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i += 1) statuses.push((await get(url, headers(), ip)).statusCode);
    return statuses;
  }

  const limit = () => t.config.rateLimit.perIp;
  const expectLimited = (statuses: number[], wrong: number) => {
    expect(statuses.slice(0, limit())).toEqual(Array(limit()).fill(wrong));
    expect(statuses.slice(limit())).toEqual(Array(ATTEMPTS - limit()).fill(429));
  };

  it('limits wrong lead keys per address, then refuses even the right one from there', async () => {
    const ip = '10.47.3.1';
    const statuses = await attack(
      LEAD_URL,
      () => ({ 'x-api-token': signupPass('00Q-DEMO-0001', wrongKey()) }),
      ip,
    );
    expectLimited(statuses, 404);
    const right = await get(LEAD_URL, linkPass(t, 'lead', '00Q-DEMO-0001'), ip);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ errors: TOO_MANY_TOKENS });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // Counted once per failure that was answered: the refused ones add nothing.
    const rows = await t.db
      .select()
      .from(authAttempts)
      .where(and(eq(authAttempts.kind, 'token_check'), eq(authAttempts.ip, ip)));
    expect(rows).toHaveLength(limit());
    // Another address is not touched; the same address works once its failures are old.
    expect((await get(LEAD_URL, linkPass(t, 'lead', '00Q-DEMO-0001'), '10.47.3.2')).statusCode).toBe(200);
    advanceClock(t.config.rateLimit.windowMinutes * 60_000 + 1000);
    expect((await get(LEAD_URL, linkPass(t, 'lead', '00Q-DEMO-0001'), ip)).statusCode).toBe(200);
  });

  it('limits wrong X-Api-Token values per address; the deployment token works elsewhere', async () => {
    const ip = '10.47.3.3';
    expectLimited(await attack('/client/lead_costs', () => ({ 'x-api-token': wrongKey() }), ip), 401);
    expect((await get('/client/lead_costs', apiToken(t), ip)).statusCode).toBe(429);
    expect((await get('/client/lead_costs', apiToken(t), '10.47.3.4')).statusCode).toBe(200);
    // A token sent beside a session (GET /services) is counted the same way.
    expect((await get('/services', { 'x-api-token': wrongKey() }, ip)).statusCode).toBe(429);
  });

  it('limits wrong legacy link keys per address, before the route limiter (60 a minute) would', async () => {
    const ip = '10.47.3.5';
    expectLimited(
      await attack(LEGACY_URL, () => ({ 'x-api-token': signupPass('MS-1002', wrongKey()) }), ip),
      404,
    );
    expect((await get(LEGACY_URL, linkPass(t, 'legacy', 'MS-1002'), ip)).statusCode).toBe(429);
    expect((await get(LEGACY_URL, linkPass(t, 'legacy', 'MS-1002'), '10.47.3.6')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, and never refuses an address without failures', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i += 1) {
      const ip = `2001:db8:47:3::${(i + 1).toString(16)}`;
      statuses.push((await get('/client/lead_costs', { 'x-api-token': wrongKey() }, ip)).statusCode);
    }
    expectLimited(statuses, 401);
    for (let i = 0; i < limit() + 5; i += 1)
      expect((await get('/client/lead_costs', apiToken(t), '10.47.3.7')).statusCode).toBe(200);
  });
});
