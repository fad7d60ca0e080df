/**
 * Sign-up, standard and legacy-platform flows (spec part 1 §3, §5, §7): every step's 422 cases
 * with the spec's messages, the duplicate email, real rows for each step, the linked-accounts
 * summary and adding an account.
 */
import { and, eq } from 'drizzle-orm';
import { assert as assertStruct } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCredits } from '../../server/db/schema/billing';
import { organizationProducts } from '../../server/db/schema/catalog';
import { businessProfiles, organizations, users } from '../../server/db/schema/identity';
import { accounts, tabs } from '../../server/db/schema/shell';
import { legacyAccounts } from '../../server/db/schema/signup';
import { passwordRule } from '../../src/api/contracts/common';
import {
  AccountsSummary,
  AccountUpdateResponse,
  LegacyAccount,
  PackagesResponse,
  RegisterResponse,
} from '../../src/api/contracts/signup';
import { dbKinds, signIn, startApp, type TestApp } from './helpers';
import { linkPass } from './signup-passes';

const REQUIRED = 'This field is required*';

const stepOne = (email: string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Nora',
  last_name: 'Quinn',
  business_name: 'Quinn Roofing',
  job_title: 'Owner',
  phone_number: '5125550199',
  email,
  password: 'Str0ng!pass',
  confirm_password: 'Str0ng!pass',
  ...extra,
});

describe.each(dbKinds)('sign-up (standard and legacy) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  let ip = 0;
  const call = (
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      payload: payload as object,
      headers,
      remoteAddress: `10.9.0.${(ip++ % 250) + 1}`,
    });
  const signed = (res: { json: () => unknown }) => {
    const body = res.json() as { token: string; user_id: number };
    return { 'x-auth-token': body.token, 'x-user-id': String(body.user_id) };
  };

  it('answers every step-1 rule with the spec message', async () => {
    const empty = await call('POST', '/client/register', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual(
      Object.fromEntries(
        [
          'first_name',
          'last_name',
          'business_name',
          'job_title',
          'phone_number',
          'email',
          'password',
          'confirm_password',
        ].map((f) => [f, [REQUIRED]]),
      ),
    );
    const bad = await call(
      'POST',
      '/client/register',
      stepOne('not-an-email@nodot', {
        phone_number: '512555019',
        password: 'weakpass',
        confirm_password: 'other',
      }),
    );
    expect(bad.json().errors).toEqual({
      phone_number: ['Invalid phone number'],
      email: ['Invalid email address'],
      password: [passwordRule.message],
      confirm_password: ['Does Not match password'],
    });
  });

  it('registers a customer with real rows and a working session, then refuses the same email', async () => {
    const res = await call('POST', '/client/register', stepOne(' New.Owner@Example.test '));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assertStruct(body, RegisterResponse);
    expect(body.user).toMatchObject({
      email: 'new.owner@example.test',
      business_name: 'Quinn Roofing',
      platforms: [],
    });
    expect(body.business_profile).toEqual({
      call_transfer_phone_number: '5125550199',
      email_notification: 'new.owner@example.test',
      sms_notification: '5125550199',
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, body.user_id));
    expect(user.signup_completed).toBe(false);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect((await t.db.select().from(tabs).where(eq(tabs.user_id, user.id))).length).toBeGreaterThan(3);
    expect((await call('GET', '/user/settings', undefined, signed(res))).statusCode).toBe(200);

    const again = await call('POST', '/client/register', stepOne('new.owner@example.test'));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: ['This email has already been taken'] });
    expect(again.json().errors.email[0]).not.toContain('Invalid');
  });

  it('checks step 2, saves the business profile with category names and completes sign-up', async () => {
    const headers = signed(await call('POST', '/client/register', stepOne('step2@example.test')));
    const empty = await call('POST', '/client/account/update', {}, headers);
    expect(empty.json().errors).toEqual({ name: [REQUIRED] });
    const badUrl = await call(
      'POST',
      '/client/account/update',
      { name: 'Quinn', website: 'not a url' },
      headers,
    );
    expect(badUrl.json().errors).toEqual({ website: ['Invalid url'] });
    const unknown = await call(
      'POST',
      '/client/account/update',
      { name: 'Quinn', categories: ['nope'] },
      headers,
    );
    expect(unknown.json().errors).toEqual({ categories: ['Unknown service category'] });
    expect((await call('POST', '/client/account/update', { name: 'Quinn' })).statusCode).toBe(401);

    const ok = await call(
      'POST',
      '/client/account/update',
      {
        name: 'Quinn Roofing & Gutters',
        categories: ['roofing', 'gutters'],
        address: '12 Main St, Austin, TX 78701, USA',
        website: 'quinnroofing.example',
      },
      headers,
    );
    expect(ok.statusCode).toBe(200);
    assertStruct(ok.json(), AccountUpdateResponse);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'step2@example.test'));
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, user.organization_id));
    expect(org).toMatchObject({
      name: 'Quinn Roofing & Gutters',
      categories: ['roofing', 'gutters'],
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
      // An Austin business reads its times in Central from the start, not the table's Eastern.
      time_zone: 'America/Chicago',
    });
    expect(user.signup_completed).toBe(true);
    expect((await call('GET', '/user/settings', undefined, headers)).json().time_zone).toBe(
      'America/Chicago',
    );
    expect((await call('GET', '/client', undefined, headers)).json().business_profile.time_zone).toBe('ct');

    const summary = await call('POST', '/client/accounts/summary', {}, headers);
    assertStruct(summary.json(), AccountsSummary);
    expect(summary.json()).toEqual({ can_add_account: true, accounts: [] });
  });

  it('adds a linked account through step 2 when the organization may, and lists it', async () => {
    const owner = await signIn(t, 'owner@demo.test');
    const before = (await call('POST', '/client/accounts/summary', {}, owner.headers)).json().accounts.length;
    const res = await call(
      'POST',
      '/client/account/update',
      { name: 'Summit Comfort - Round Rock', add_account: true, address: 'Round Rock, TX 78664, USA' },
      owner.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().account).toMatchObject({
      name: 'Summit Comfort - Round Rock',
      platform: 'live',
      username: 'owner@demo.test',
    });
    const after = (await call('POST', '/client/accounts/summary', {}, owner.headers)).json().accounts;
    expect(after).toHaveLength(before + 1);
    const [org] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Summit Comfort Heating & Air'));
    expect(org).toBeDefined();

    const socius = await signIn(t, 'socius@demo.test');
    const refused = await call(
      'POST',
      '/client/account/update',
      { name: 'Another', add_account: true },
      socius.headers,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toBe('Adding accounts is not enabled for your organization');
  });

  it('runs the legacy flow: prefill, claim with the lead credit, business profile, package', async () => {
    const pass = linkPass(t, 'legacy', 'MS-1002');
    expect(
      (await call('GET', '/client/marketsharp/accounts/MS-9999', undefined, linkPass(t, 'legacy', 'MS-9999')))
        .statusCode,
    ).toBe(404);
    const prefill = await call('GET', '/client/marketsharp/accounts/MS-1002', undefined, pass);
    expect(prefill.statusCode).toBe(200);
    assertStruct(prefill.json(), LegacyAccount);
    expect(prefill.json().organization.categories).toEqual(['plumbing', 'sewer_drain', 'water_heater']);
    expect(prefill.json().lead_credit_cents).toBe(250000);

    const noMs = await call('POST', '/client/marketsharp/register', stepOne('dana@lakeside.example'), pass);
    expect(noMs.json().errors).toEqual({ ms_id: [REQUIRED] });
    const res = await call(
      'POST',
      '/client/marketsharp/register',
      stepOne('dana@lakeside.example', { ms_id: 'MS-1002' }),
      pass,
    );
    expect(res.statusCode).toBe(200);
    const headers = signed(res);
    const [legacy] = await t.db.select().from(legacyAccounts).where(eq(legacyAccounts.ms_id, 'MS-1002'));
    expect(legacy.claimed_by_user_id).toBe(res.json().user_id);
    const [org] = await t.db.select().from(organizations).where(eq(organizations.ms_id, 'MS-1002'));
    const credits = await t.db
      .select()
      .from(accountCredits)
      .where(eq(accountCredits.organization_id, org.id));
    expect(credits.map((c) => c.amount_cents)).toEqual([250000]);

    const again = await call('GET', '/client/marketsharp/accounts/MS-1002', undefined, pass);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toBe('Sign-up already completed');
    const twice = await call(
      'POST',
      '/client/marketsharp/register',
      stepOne('other@lakeside.example', { ms_id: 'MS-1002' }),
      pass,
    );
    expect(twice.json().errors).toBe('Sign-up already completed');

    const empty = await call('POST', '/client/accounts', {}, headers);
    expect(empty.json().errors).toEqual({
      name: [REQUIRED],
      categories: [REQUIRED],
      address: ['This field is required'],
      call_transfer_phone_number: [REQUIRED],
      email_notification: [REQUIRED],
    });
    const bad = await call(
      'POST',
      '/client/accounts',
      {
        name: 'L',
        categories: ['plumbing'],
        address: 'Orlando, FL 32803, USA',
        call_transfer_phone_number: '123',
        email_notification: 'x@y',
        sms_notification: '12',
      },
      headers,
    );
    expect(bad.json().errors).toEqual({
      call_transfer_phone_number: ['Invalid phone number'],
      email_notification: ['Invalid email address'],
      sms_notification: ['Invalid phone number'],
    });
    const step2 = await call(
      'POST',
      '/client/accounts',
      {
        name: 'Lakeside Plumbing',
        categories: ['plumbing'],
        address: '815 N Mills Ave, Orlando, FL 32803',
        website: '',
        call_transfer_phone_number: '4075550163',
        email_notification: 'calls@lakeside.example',
        sms_notification: '4075550100',
        ms_id: 'MS-1002',
      },
      headers,
    );
    expect(step2.statusCode).toBe(200);
    expect(step2.json().user.platforms).toEqual([{ platform: 'live' }]);
    const [profile] = await t.db
      .select()
      .from(businessProfiles)
      .where(eq(businessProfiles.user_id, res.json().user_id));
    expect(profile).toMatchObject({
      call_transfer_phone_number: '4075550163',
      email_notification: 'calls@lakeside.example',
      sms_notification: '4075550100',
    });
    const linked = await t.db.select().from(accounts).where(eq(accounts.organization_id, org.id));
    expect(linked).toHaveLength(1);
    expect(linked[0].settings).toMatchObject({ destination_phone: '4075550163' });

    const offered = await call('GET', '/client/accounts/packages', undefined, headers);
    assertStruct(offered.json(), PackagesResponse);
    expect(offered.json().packages.map((p: { key: string }) => p.key)).toEqual(['expand', 'accelerate']);
    const none = await call('POST', '/client/accounts/package', { ms_id: 'MS-1002' }, headers);
    expect(none.json().errors).toEqual({ package: ['*Select at least one package'] });
    const chosen = await call(
      'POST',
      '/client/accounts/package',
      { package: 'accelerate', ms_id: 'MS-1002' },
      headers,
    );
    expect(chosen.statusCode).toBe(200);
    const [product] = await t.db
      .select()
      .from(organizationProducts)
      .where(
        and(eq(organizationProducts.organization_id, org.id), eq(organizationProducts.product_key, 'seo')),
      );
    expect(product).toMatchObject({ active: true, packages: ['accelerate'] });
  });
});
