/**
 * Issue 29, item 4: a legacy ms_id or a sales lead id alone shows no personal data and claims
 * nothing; only the link's key (its pass in X-Api-Token) does, for that one account or lead. The
 * custom flow's API token is the deployment's SIGNUP_API_TOKEN, required in production, never a
 * constant the client ships.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { legacyAccounts } from '../../server/db/schema/signup';
import { linkKey } from '../../server/domain/signup/signup-links';
import { signupSecret } from '../../server/plugins/auth-contexts';
import { SignupLinksResponse, signupPass } from '../../src/api/contracts/signup';
import { dbKinds, startApp, type TestApp } from './helpers';
import { apiToken, linkPass } from './signup-passes';

const LEGACY_NOT_FOUND = 'We could not find your account on the previous platform';
const NO_LEAD = 'We could not find this sign-up link. Please contact your sales representative.';
const OLD_CONSTANT = { 'x-api-token': 'dev-signup-api-token' };

const stepOne = (email: string, msId: string) => ({
  first_name: 'Mallory',
  last_name: 'Attacker',
  business_name: 'Not Hillcrest',
  job_title: 'Owner',
  phone_number: '5125550142',
  email,
  password: 'Str0ng!pass',
  confirm_password: 'Str0ng!pass',
  ms_id: msId,
});

describe('SIGNUP_API_TOKEN', () => {
  it('is required in production, with a message saying what to set', () => {
    expect(() => signupSecret('become', loadConfig({ NODE_ENV: 'production' }))).toThrow(ConfigError);
    expect(() => signupSecret('become', loadConfig({ NODE_ENV: ' Production ' }))).toThrow(
      /SIGNUP_API_TOKEN is required/,
    );
    expect(() => signupSecret('become', loadConfig({ SIGNUP_API_TOKEN: 'short' }))).toThrow(/too short/);
    // Long and random (test/server/token-limits.test.ts: a long but predictable one is refused).
    const set = 'kU3f9Qz1-Xw7Lr2Hb8Nc5Tv0Jy6Pd4Gs';
    expect(signupSecret('become', loadConfig({ NODE_ENV: 'production', SIGNUP_API_TOKEN: set }))).toBe(set);
  });

  it('is, when unset outside production, derived from the server secret: no constant', () => {
    const one = signupSecret('secret-one', loadConfig({}));
    expect(one).not.toBe(signupSecret('secret-two', loadConfig({})));
    expect(one).not.toBe('dev-signup-api-token');
    expect(one.length).toBeGreaterThanOrEqual(32);
  });
});

describe.each(dbKinds)('sign-up links on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  let ip = 0;
  const call = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      payload: payload as object,
      remoteAddress: `10.29.4.${(ip++ % 250) + 1}`,
    });

  it('stops a production start without SIGNUP_API_TOKEN while the app is built', async () => {
    const production = { ...t.config, nodeEnv: 'production' as const, signupApiToken: undefined };
    await expect(buildApp({ config: production, handle: t.handle, logger: false })).rejects.toThrow(
      ConfigError,
    );
  });

  it('shows a legacy account and lets it be claimed only with its own link', async () => {
    const wrongKeys = [
      {},
      OLD_CONSTANT,
      { 'x-api-token': 'MS-1001:' },
      { 'x-api-token': signupPass('MS-1001', 'A'.repeat(43)) },
      linkPass(t, 'legacy', 'MS-1002'), // another customer's link
      linkPass(t, 'lead', 'MS-1001'), // a key of the other kind for the same id
      { 'x-api-token': signupPass('MS-1001', linkKey('another-secret', 'legacy', 'MS-1001')) },
    ];
    for (const headers of wrongKeys) {
      const res = await call('GET', '/client/marketsharp/accounts/MS-1001', headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: LEGACY_NOT_FOUND });
      const claim = await call(
        'POST',
        '/client/marketsharp/register',
        headers,
        stepOne('mallory@attacker.example', 'MS-1001'),
      );
      expect(claim.statusCode).toBe(404);
    }
    const [unclaimed] = await t.db.select().from(legacyAccounts).where(eq(legacyAccounts.ms_id, 'MS-1001'));
    expect(unclaimed.claimed_by_user_id).toBeNull();

    const pass = linkPass(t, 'legacy', 'MS-1001');
    const shown = await call('GET', '/client/marketsharp/accounts/MS-1001', pass);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().user.email).toBe(unclaimed.email);
    const claimed = await call(
      'POST',
      '/client/marketsharp/register',
      pass,
      stepOne('owner@hillcrest.example', 'MS-1001'),
    );
    expect(claimed.statusCode).toBe(200);
  });

  it("shows a lead's data only to its own link's pass or the deployment's token", async () => {
    const url = '/client/get_user_data?salesforce_id=00Q-DEMO-0001';
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, OLD_CONSTANT)).statusCode).toBe(401);
    const other = await call('GET', url, linkPass(t, 'lead', '00Q-DEMO-0002'));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ errors: NO_LEAD });
    const forged = await call('GET', url, { 'x-api-token': signupPass('00Q-DEMO-0001', 'x'.repeat(43)) });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).not.toContain('Grace');

    const own = await call('GET', url, linkPass(t, 'lead', '00Q-DEMO-0001'));
    expect(own.statusCode).toBe(200);
    expect(own.json().data.first_name).toBe('Grace');
    expect((await call('GET', url, apiToken(t))).statusCode).toBe(200);
    // The page's other reads take the pass too; another lead's step 1 does not.
    expect((await call('GET', '/client/lead_costs', linkPass(t, 'lead', '00Q-DEMO-0001'))).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/services', linkPass(t, 'lead', '00Q-DEMO-0001'))).statusCode).toBe(200);
    const step = await call('POST', '/client/registration_first_step', linkPass(t, 'lead', '00Q-DEMO-0001'), {
      first_name: 'Mallory',
      last_name: 'Attacker',
      address: '1 Main St, Austin, TX 78701',
      phone_number: '5125550142',
      email: 'mallory2@attacker.example',
      password: 'Str0ng!pass',
      confirm_password: 'Str0ng!pass',
      salesforce_id: '00Q-DEMO-0002',
    });
    expect(step.statusCode).toBe(404);
  });

  it('lists the open links with working keys for the dev tools', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dev/signup-links' });
    expect(res.statusCode).toBe(200);
    const { links } = SignupLinksResponse.create(res.json());
    expect(links.map((l) => l.id)).toEqual([
      'MS-1002',
      'MS-1003',
      '00Q-DEMO-0001',
      '00Q-DEMO-0002',
      '00Q-DEMO-0003',
    ]);
    const legacy = new URLSearchParams(links[0].link.split('?')[1]);
    const opened = await call('GET', '/client/marketsharp/accounts/MS-1002', {
      'x-api-token': signupPass(legacy.get('ms_id') ?? '', legacy.get('key')),
    });
    expect(opened.statusCode).toBe(200);
    const mailbox = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(mailbox.body).toContain('/signup?lead_id=00Q-DEMO-0003&amp;key=');
  });
});
