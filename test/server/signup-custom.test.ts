/**
 * The custom (lead-based) sign-up (spec part 1 §3, §4, §5, §6): the API token header, the
 * pricing table, the lead's data, both steps' 422 cases, the duplicate email, and a lead that
 * has already signed up.
 */
import { eq } from 'drizzle-orm';
import { assert as assertStruct } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../server/db/schema/identity';
import { signupLeads } from '../../server/db/schema/signup';
import { passwordRule } from '../../src/api/contracts/common';
import {
  CustomFirstStepResponse,
  CustomSecondStepResponse,
  LeadCostsResponse,
  ServicesResponse,
  UserDataResponse,
} from '../../src/api/contracts/signup';
import { dbKinds, startApp, type TestApp } from './helpers';
import { apiToken } from './signup-passes';

const REQUIRED = 'This field is required*';
const basic = (token: string) => `Basic ${Buffer.from(`${token}:`).toString('base64')}`;

const first = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Victor',
  last_name: 'Hale',
  address: '5150 W Sahara Ave, Las Vegas, NV 89102',
  phone_number: '7025550176',
  email: 'victor@apexgaragedoors.example',
  password: 'Gar4ge!doors',
  confirm_password: 'Gar4ge!doors',
  salesforce_id: '00Q-DEMO-0002',
  ...extra,
});

describe.each(dbKinds)('custom sign-up on %s', (kind) => {
  let t: TestApp;
  let API: Record<string, string>;
  beforeAll(async () => {
    t = await startApp(kind);
    API = apiToken(t);
  });
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = API,
  ) => t.app.inject({ method, url: `/api/v1${url}`, payload: payload as object, headers });

  it('needs the API token, then serves services, the 26 lead costs and the lead', async () => {
    expect((await call('GET', '/client/lead_costs', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', '/client/lead_costs', undefined, { 'x-api-token': 'wrong' })).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/services', undefined, {})).statusCode).toBe(401);
    const services = await call('GET', '/services');
    assertStruct(services.json(), ServicesResponse);
    expect(services.json().services[0]).toEqual({ name: 'roofing', label: 'Roofing' });

    const costs = await call('GET', '/client/lead_costs');
    assertStruct(costs.json(), LeadCostsResponse);
    const rows = costs.json().categories as {
      label: string;
      min_price_cents: number;
      max_price_cents: number;
    }[];
    expect(rows).toHaveLength(26);
    expect(
      rows.slice(0, 5).map((r) => `${r.label} $${r.min_price_cents / 100}-$${r.max_price_cents / 100}`),
    ).toEqual([
      'Roofing $335-$505',
      'Plumbing $90-$360',
      'HVAC $140-$285',
      'Water Damage $185-$1460',
      'Fire $175-$1055',
    ]);

    const lead = await call('GET', '/client/get_user_data?salesforce_id=00Q-DEMO-0001');
    assertStruct(lead.json(), UserDataResponse);
    expect(lead.json().data).toMatchObject({
      first_name: 'Grace',
      business_name: 'Greenway Lawn & Tree',
      services: ['landscaping', 'tree_service'],
    });
    expect((await call('GET', '/client/get_user_data?salesforce_id=00Q-NOPE')).statusCode).toBe(404);
  });

  it('checks step 1 with the custom required set', async () => {
    const empty = await call('POST', '/client/registration_first_step', {});
    expect(empty.json().errors).toEqual({
      first_name: [REQUIRED],
      last_name: [REQUIRED],
      phone_number: [REQUIRED],
      email: [REQUIRED],
      password: [REQUIRED],
      confirm_password: [REQUIRED],
      address: ['This field is required'],
    });
    const bad = await call(
      'POST',
      '/client/registration_first_step',
      first({ email: 'x@', password: 'short', phone_number: '70255' }),
    );
    expect(bad.json().errors).toEqual({
      email: ['Invalid email address'],
      password: [passwordRule.message],
      phone_number: ['Invalid phone number'],
      confirm_password: ['Does Not match password'],
    });
    const taken = await call('POST', '/client/registration_first_step', first({ email: 'owner@demo.test' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['This email has already been taken'] });
  });

  it('creates the customer at step 1 and converts the lead at step 2', async () => {
    const one = await call('POST', '/client/registration_first_step', first());
    expect(one.statusCode).toBe(200);
    assertStruct(one.json(), CustomFirstStepResponse);
    expect(one.json().lead_id).toBe('00Q-DEMO-0002');
    const regToken = one.json().registration_token as string;

    const empty = await call(
      'POST',
      '/client/registration_second_step',
      { salesforce_id: '00Q-DEMO-0002' },
      { ...API, authorization: basic(regToken) },
    );
    expect(empty.json().errors).toEqual({
      categories: [REQUIRED],
      address: ['This field is required'],
      name: [REQUIRED],
      first_name: [REQUIRED],
      last_name: [REQUIRED],
      phone_number: [REQUIRED],
      email: [REQUIRED],
    });
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
    const noToken = await call('POST', '/client/registration_second_step', step2);
    expect(noToken.statusCode).toBe(422);
    const two = await call('POST', '/client/registration_second_step', step2, {
      ...API,
      authorization: basic(regToken),
    });
    expect(two.statusCode).toBe(200);
    assertStruct(two.json(), CustomSecondStepResponse);
    const [user] = await t.db.select().from(users).where(eq(users.id, two.json().user_id));
    expect(user.signup_completed).toBe(true);
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, user.organization_id));
    expect(org).toMatchObject({
      name: 'Apex Garage Doors',
      categories: ['garage_doors'],
      salesforce_id: '00Q-DEMO-0002',
      state: 'NV',
    });
    const [lead] = await t.db
      .select()
      .from(signupLeads)
      .where(eq(signupLeads.salesforce_id, '00Q-DEMO-0002'));
    expect(lead.converted_user_id).toBe(user.id);
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/settings',
      headers: { 'x-auth-token': two.json().token, 'x-user-id': String(two.json().user_id) },
    });
    expect(settings.statusCode).toBe(200);

    const again = await call('GET', '/client/get_user_data?salesforce_id=00Q-DEMO-0002');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toBe('Sign-up already completed');
    const replay = await call('POST', '/client/registration_second_step', step2, {
      ...API,
      authorization: basic(regToken),
    });
    expect(replay.json().errors).toBe('Sign-up already completed');
  });
});
