/**
 * Account settings routes through the real app: Profile Details and Paid Media / Ad Details read
 * and saved (with the spec's field messages on bad input), linked accounts with their settings
 * (a foreign ref_id is a 404, a number no phone can dial is a 422 on its field), replays applied
 * once, and a password change signing the user's other sessions out.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../server/db/schema/identity';
import { accounts } from '../../server/db/schema/shell';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('account settings on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let multi: Session;

  const call = (s: Session, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, extra = {}) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...s.headers, ...extra },
      payload: payload as never,
    });

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    multi = await signIn(t, 'multi@demo.test');
  });
  afterAll(() => t?.close());

  const profile = {
    first_name: 'Dana',
    last_name: 'Reyes',
    business_name: 'Reyes Heating & Air',
    job_title: 'Owner',
    phone_number: '(512) 555-0147',
    address: '12 Main St, Austin, TX 78701',
    time_zone: 'ct',
  };

  it('reads and saves Profile Details, email read-only, time zone as a code', async () => {
    const before = (await call(owner, 'GET', '/client')).json().business_profile;
    expect(before.email).toBe('owner@demo.test');
    const saved = await call(owner, 'PUT', '/client', { ...profile, email: 'x@y.z' });
    expect(saved.statusCode).toBe(422);
    const ok = await call(owner, 'PUT', '/client', profile);
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await call(owner, 'GET', '/client')).json().business_profile;
    expect(after).toEqual({
      ...profile,
      phone_number: '5125550147',
      email: 'owner@demo.test',
      version: expect.any(Number),
    });
  });

  it("keeps a sign-up's Arizona zone (no daylight-saving time) while the code stays Mountain", async () => {
    const [{ org }] = await t.db
      .select({ org: users.organization_id })
      .from(users)
      .where(eq(users.email, 'owner@demo.test'));
    const zoneNow = async () =>
      (await t.db.select().from(organizations).where(eq(organizations.id, org)))[0].time_zone;
    await t.db.update(organizations).set({ time_zone: 'America/Phoenix' }).where(eq(organizations.id, org));
    expect((await call(owner, 'GET', '/client')).json().business_profile.time_zone).toBe('mt');
    expect((await call(owner, 'PUT', '/client', { ...profile, time_zone: 'mt' })).statusCode).toBe(200);
    expect(await zoneNow()).toBe('America/Phoenix');
    expect((await call(owner, 'PUT', '/client', profile)).statusCode).toBe(200);
    expect(await zoneNow()).toBe('America/Chicago');
  });

  it('answers the spec messages per field', async () => {
    const res = await call(owner, 'PUT', '/client', { ...profile, first_name: ' ', phone_number: '555' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      first_name: ['This field is required*'],
      phone_number: ['Invalid phone number'],
    });
  });

  it('saves Paid Media / Ad Details and refuses unknown categories', async () => {
    const seeded = (await call(owner, 'GET', '/client/profile')).json().profile;
    expect(seeded.categories_list).toEqual([{ name: 'hvac', label: 'HVAC' }]);
    const body = {
      categories: ['hvac', 'plumbing'],
      website: 'reyes-air.example',
      destination_phone: '5125550100',
      sms_phone: '',
      service_area: 'Austin and Round Rock',
      email_notification: 'leads@reyes-air.example',
    };
    const bad = await call(owner, 'POST', '/client/profile', {
      ...body,
      categories: [],
      email_notification: 'no',
    });
    expect(bad.json().errors).toEqual({
      categories: ['This field is required*'],
      email_notification: ['Invalid email address'],
    });
    const unknown = await call(owner, 'POST', '/client/profile', { ...body, categories: ['alchemy'] });
    expect(unknown.json().errors).toEqual({ categories: ['Unknown service category'] });
    const ok = await call(owner, 'POST', '/client/profile', body);
    expect(ok.statusCode, ok.body).toBe(200);
    const read = (await call(owner, 'GET', '/client/profile')).json().profile;
    expect(read.categories_list.map((c: { name: string }) => c.name)).toEqual(['hvac', 'plumbing']);
    expect(read).toMatchObject({ website: 'reyes-air.example', service_area: 'Austin and Round Rock' });
    expect(read.package).toContain('SEO');
  });

  it('lists linked accounts and saves settings once per Idempotency-Key', async () => {
    const summary = (await call(multi, 'POST', '/client/accounts/summary')).json();
    expect(summary.can_add_account).toBe(true);
    const account = summary.accounts[0];
    expect(account.show_multiple_destination_phones).toBe(true);
    const settings = {
      destination_phone: '5125550111',
      destination_phone_2: '5125550112',
      email_notification_2: 'b@c.de',
    };
    const key = { 'idempotency-key': 'settings-key-0001' };
    const first = await call(multi, 'POST', `/client/accounts/${account.ref_id}/settings`, settings, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Settings saved successfully');
    const replay = await call(multi, 'POST', `/client/accounts/${account.ref_id}/settings`, settings, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const [row] = await t.db.select().from(accounts).where(eq(accounts.ref_id, account.ref_id));
    expect(row.settings).toMatchObject({
      destination_phone: '5125550111',
      destination_phone_2: '5125550112',
    });
  });

  it('clears extra destinations where not allowed, and checks numbers can be dialled', async () => {
    const [account] = (await call(owner, 'POST', '/client/accounts/summary')).json().accounts;
    const res = await call(owner, 'POST', `/client/accounts/${account.ref_id}/settings`, {
      destination_phone: '5125550111',
      destination_phone_2: '5125550112',
    });
    expect(res.json().account.settings.destination_phone_2).toBe('');
    const bad = await call(owner, 'POST', `/client/accounts/${account.ref_id}/settings`, {
      destination_phone: '1235550111',
      sms_phone: '12',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ sms_phone: ['Invalid phone number'] });
    const undialable = await call(owner, 'POST', `/client/accounts/${account.ref_id}/settings`, {
      destination_phone: '1235550111',
    });
    expect(undialable.json().errors).toEqual({ destination_phone: ['Invalid phone number'] });
  });

  it("answers 404 for another customer's linked account", async () => {
    const [foreign] = (await call(multi, 'POST', '/client/accounts/summary')).json().accounts;
    const res = await call(owner, 'POST', `/client/accounts/${foreign.ref_id}/settings`, {
      destination_phone: '5125550111',
    });
    expect(res.statusCode).toBe(404);
    const odd = await call(owner, 'POST', '/client/accounts/..%2F..%2Fx/settings', {
      destination_phone: '5125550111',
    });
    expect(odd.statusCode).toBe(404);
  });

  it('a password change signs out the other sessions and keeps the current one', async () => {
    const here = await signIn(t, 'direct@demo.test');
    const elsewhere = await signIn(t, 'direct@demo.test', undefined, '10.9.9.9');
    const res = await call(here, 'POST', '/client/password', {
      user_id: String(here.user_id),
      current_password: 'Portal-demo-1!',
      password: 'Direct-new-2!',
      confirmed_password: 'Direct-new-2!',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(here, 'GET', '/client')).statusCode).toBe(200);
    expect((await call(elsewhere, 'GET', '/client')).statusCode).toBe(401);
    await signIn(t, 'direct@demo.test', 'Direct-new-2!');
  });
});
