/**
 * A new customer's first run (issue 28 "First run"): completing sign-up gives the organization its
 * onboarding checklist and an account manager, exactly once whatever is retried (an invited
 * customer's welcome mail too); the legacy flow
 * shows what sign-up already collected as done; a newly linked account gets its lead transfer
 * task; with no managers on file the answer is null (the Overview then says how to reach support).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../server/db/schema/activities';
import { accountManagers, organizationSettings } from '../../server/db/schema/catalog';
import { mails, users } from '../../server/db/schema/identity';
import { onboardingPlan } from '../../server/domain/signup/signup-tasks';
import { ActivitiesResponse } from '../../src/api/contracts/activities';
import { AccountManagerResponse } from '../../src/api/contracts/tasks';
import { dbKinds, resetLinkIn, startApp, type TestApp } from './helpers';
import { linkPass } from './signup-passes';

const stepOne = (email: string, business = 'Quinn Roofing') => ({
  first_name: 'Nora',
  last_name: 'Quinn',
  business_name: business,
  job_title: 'Owner',
  phone_number: '5125550199',
  email,
  password: 'Str0ng!pass',
  confirm_password: 'Str0ng!pass',
});
const profile = (name: string, categories: string[]) => ({
  name,
  categories,
  address: '500 W 2nd St, Austin, TX 78701, USA',
  website: '',
});

type Headers = Record<string, string>;

describe('onboarding plan', () => {
  const account = { id: 7, ref_id: 'LIVE-7001', settings: {} } as never;
  it('asks for a license only where a category is licensed work, insurance for any category', () => {
    const keys = (categories: { name: string; label: string }[]) =>
      onboardingPlan({ categories, hasLogo: false, hasPaymentMethod: false, account: null }).map(
        (t) => t.key,
      );
    expect(keys([{ name: 'gutters', label: 'Gutters' }])).toEqual([
      'service_areas',
      'payment_methods',
      'upload_logo',
      'business_details',
      'verify_insurance',
    ]);
    expect(keys([])).not.toContain('verify_insurance');
    const plan = onboardingPlan({
      categories: [
        { name: 'plumbing', label: 'Plumbing' },
        { name: 'hvac', label: 'HVAC' },
      ],
      hasLogo: true,
      hasPaymentMethod: true,
      account,
    });
    expect(plan.find((t) => t.key === 'verify_license')?.name).toBe(
      'Verify your trade licenses (Plumbing, HVAC)',
    );
    expect(plan.filter((t) => t.done).map((t) => t.key)).toEqual(['payment_methods', 'upload_logo']);
    expect(plan[0]).toMatchObject({ key: 'lead_transfer_details', done: false, account });
  });
});

describe.each(dbKinds)('first run after sign-up on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  let ip = 0;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Headers = {}) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      payload: payload as object,
      headers,
      remoteAddress: `10.8.0.${(ip++ % 250) + 1}`,
    });
  const register = async (email: string, business?: string) => {
    const res = await call('POST', '/client/register', stepOne(email, business));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { token: string; user_id: number };
    return { 'x-auth-token': body.token, 'x-user-id': String(body.user_id) };
  };
  const tasks = async (headers: Headers) => {
    const res = await call('GET', '/activities', undefined, headers);
    expect(res.statusCode).toBe(200);
    return ActivitiesResponse.create(res.json());
  };

  it('creates the checklist and assigns a manager when sign-up completes, once on every retry', async () => {
    const headers = await register('nora@firstrun.example');
    expect((await tasks(headers)).total_records).toBe(0);
    const body = profile('Quinn Roofing', ['roofing', 'gutters']);
    const keyed = { ...headers, 'idempotency-key': 'firstrun-step-2' };
    const first = await call('POST', '/client/account/update', body, keyed);
    expect(first.statusCode).toBe(200);

    const list = await tasks(headers);
    expect(list.data.map((a) => [a.key, a.name, a.status, a.cta])).toEqual([
      ['service_areas', 'Confirm your service area', 'action_required', 'modal'],
      ['payment_methods', 'Add a payment method', 'action_required', 'modal'],
      ['upload_logo', 'Upload your company logo', 'action_required', 'modal'],
      ['business_details', 'Tell customers what makes you stand out', 'action_required', 'modal'],
      ['verify_license', 'Verify your Roofing license', 'action_required', 'modal'],
      ['verify_insurance', 'Verify your insurance', 'action_required', 'modal'],
    ]);
    expect(list.data.every((a) => !a.viewed && a.due_date !== null)).toBe(true);
    const manager = AccountManagerResponse.create(
      (await call('GET', '/account_manager', undefined, headers)).json(),
    ).account_manager;
    expect(manager?.email).toMatch(/@provider\.example$/);
    // The manager is on the team of each task.
    expect(list.data[0].team_members[0].first_name).toBe(manager?.name.split(' ')[0]);

    // The same request again (a lost answer), a new submit of the step, and two at once.
    const replay = await call('POST', '/client/account/update', body, keyed);
    expect(replay.statusCode).toBe(200);
    expect((await call('POST', '/client/account/update', body, headers)).statusCode).toBe(200);
    const twice = await Promise.all([
      call('POST', '/client/account/update', body, { ...headers, 'idempotency-key': 'firstrun-a' }),
      call('POST', '/client/account/update', body, { ...headers, 'idempotency-key': 'firstrun-b' }),
    ]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await tasks(headers)).total_records).toBe(6);
    expect(
      AccountManagerResponse.create((await call('GET', '/account_manager', undefined, headers)).json())
        .account_manager,
    ).toEqual(manager);
    // Loading the Overview (set_activities) adds nothing to a fresh checklist either.
    await call('POST', '/activities/set_activities', undefined, headers);
    expect((await tasks(headers)).total_records).toBe(6);
  });

  it('gives an invited customer the checklist and one welcome mail, however often step 2 is sent', async () => {
    const invite = await call('POST', '/dev/invite', {
      email: 'ivy@pinetree.example',
      business_name: 'Pine',
    });
    const basic = `Basic ${Buffer.from(`${invite.json().token}:`).toString('base64')}`;
    const auth = (await call('POST', '/client/authenticate', undefined, { authorization: basic })).json();
    const headers = { 'x-auth-token': auth.payload.token, 'x-user-id': String(auth.payload.user_id) };
    const body = profile('Pine Tree Care', ['tree_service']);
    expect(
      (await call('POST', '/client/account/update', body, { ...headers, authorization: basic })).statusCode,
    ).toBe(200);
    expect((await call('POST', '/client/account/update', body, headers)).statusCode).toBe(200);
    const list = await tasks(headers);
    expect(list.data.map((a) => a.key)).toEqual([
      'service_areas',
      'payment_methods',
      'upload_logo',
      'business_details',
      'verify_insurance',
    ]);
    expect(await t.db.select().from(mails).where(eq(mails.to, 'ivy@pinetree.example'))).toHaveLength(1);
  });

  it('gives an invited customer who sets a password by reset before the wizard ends the checklist too', async () => {
    const invite = await call('POST', '/dev/invite', { email: 'rue@birch.example', business_name: 'Birch' });
    expect(invite.statusCode).toBe(200);
    expect((await call('POST', '/client/password_reset', { email: 'rue@birch.example' })).statusCode).toBe(
      200,
    );
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, 'rue@birch.example'));
    const { code } = resetLinkIn(mail?.body ?? '');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'rue@birch.example'));
    expect(code && user && !user.signup_completed).toBeTruthy();
    const body = { code, password: 'New-pass-2!', confirmed_password: 'New-pass-2!', user_id: user.id };
    expect((await call('POST', '/client/password', body)).statusCode).toBe(200);
    const keys = await t.db
      .select({ key: activities.key })
      .from(activities)
      .where(eq(activities.organization_id, user.organization_id));
    expect(keys.map((row) => row.key)).toEqual(expect.arrayContaining(['service_areas', 'upload_logo']));
    const [settings] = await t.db
      .select({ manager: organizationSettings.account_manager_id })
      .from(organizationSettings)
      .where(eq(organizationSettings.organization_id, user.organization_id));
    expect(settings?.manager).toBeTruthy();
  });

  it('spreads new customers over the managers', async () => {
    const managers = new Set<string | undefined>();
    for (const n of [1, 2, 3]) {
      const headers = await register(`spread${n}@firstrun.example`, `Spread ${n}`);
      await call('POST', '/client/account/update', profile(`Spread ${n}`, ['painting']), headers);
      const answer = (await call('GET', '/account_manager', undefined, headers)).json();
      managers.add(answer.account_manager?.email);
    }
    expect(managers.size).toBe(3);
  });

  it('shows what the legacy flow collected as done: lead transfer numbers and the payment method', async () => {
    const reg = await call(
      'POST',
      '/client/marketsharp/register',
      { ...stepOne('luis@prairie.example', 'Prairie Air'), ms_id: 'MS-1003' },
      linkPass(t, 'legacy', 'MS-1003'),
    );
    expect(reg.statusCode).toBe(200);
    const headers = { 'x-auth-token': reg.json().token, 'x-user-id': String(reg.json().user_id) };
    const step2 = await call(
      'POST',
      '/client/accounts',
      {
        name: 'Prairie Air',
        categories: ['hvac'],
        address: '100 N Broadway Ave, Oklahoma City, OK 73102, USA',
        website: '',
        call_transfer_phone_number: '4055550188',
        email_notification: 'calls@prairie.example',
        sms_notification: '',
        ms_id: 'MS-1003',
      },
      headers,
    );
    expect(step2.statusCode).toBe(200);
    // Sign-up is not complete until the payment method: no checklist yet.
    expect((await tasks(headers)).total_records).toBe(0);
    const token = (await call('GET', '/live/paysimple/token', undefined, headers)).json().token;
    const tokenized = (
      await t.app.inject({
        method: 'POST',
        url: '/sandbox/paysimple/tokenize',
        payload: {
          token,
          type: 'card',
          card_number: '4111 1111 1111 1111',
          exp_month: 12,
          exp_year: new Date().getFullYear() + 2,
          cvv: '123',
          zip: '73102',
          first_name: 'Luis',
          last_name: 'Romero',
          email: 'billing@prairie.example',
        },
      })
    ).json();
    const added = await call(
      'POST',
      '/live/payment_methods/create',
      {
        ps_account_id: tokenized.ps_account_id,
        ps_customer_id: tokenized.ps_customer_id,
        ms_id: 'MS-1003',
        sign_up: true,
      },
      headers,
    );
    expect(added.statusCode).toBe(200);
    const list = await tasks(headers);
    const status = Object.fromEntries(list.data.map((a) => [a.key, a.status]));
    expect(status).toEqual({
      lead_transfer_details: 'completed',
      service_areas: 'action_required',
      payment_methods: 'completed',
      upload_logo: 'action_required',
      business_details: 'action_required',
      verify_license: 'action_required',
      verify_insurance: 'action_required',
    });
    const transfer = list.data.find((a) => a.key === 'lead_transfer_details');
    expect(transfer?.ref_id).toBe(step2.json().account.ref_id);
  });

  it("asks where a newly linked account's leads go, once", async () => {
    const headers = await register('dana@linked.example', 'Linked Plumbing');
    await call('POST', '/client/account/update', profile('Linked Plumbing', ['plumbing']), headers);
    const added = await call(
      'POST',
      '/client/account/update',
      { ...profile('Linked Plumbing - North', []), add_account: true },
      headers,
    );
    expect(added.statusCode).toBe(200);
    const ref = added.json().account.ref_id as string;
    const transfer = (await tasks(headers)).data.filter((a) => a.key === 'lead_transfer_details');
    expect(transfer.map((a) => [a.name, a.ref_id, a.status])).toEqual([
      ['Set where leads for Linked Plumbing - North are sent', ref, 'action_required'],
    ]);
    const settings = await call(
      'POST',
      `/client/accounts/${ref}/settings`,
      { destination_phone: '5125550111', activity_id: transfer[0].id },
      headers,
    );
    expect(settings.statusCode).toBe(200);
    const after = (await tasks(headers)).data.filter((a) => a.key === 'lead_transfer_details');
    expect(after.map((a) => a.status)).toEqual(['completed']);
  });

  it('leaves the manager unset when there is nobody to assign (the Overview then names support)', async () => {
    const headers = await register('solo@nomanager.example', 'Solo Painting');
    await t.db.update(organizationSettings).set({ account_manager_id: null });
    await t.db.delete(accountManagers);
    const done = await call(
      'POST',
      '/client/account/update',
      profile('Solo Painting', ['painting']),
      headers,
    );
    expect(done.statusCode).toBe(200);
    expect((await call('GET', '/account_manager', undefined, headers)).json()).toEqual({
      account_manager: null,
    });
    const userId = Number(headers['x-user-id']);
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    const rows = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.organization_id, user.organization_id)));
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.team_members.length === 0)).toBe(true);
  });
});
