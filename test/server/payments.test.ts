/**
 * Payment methods through the provider sandbox (spec part 1 §3, §7, §8): checkout token, hosted
 * fields, tokenize with the documented test numbers (approvals and declines), and creating a
 * payment method that stores the provider's ids and display fields, never the number.
 */
import { eq } from 'drizzle-orm';
import { assert as assertStruct } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods } from '../../server/db/schema/billing';
import { users } from '../../server/db/schema/identity';
import { becomeSecret } from '../../server/domain/auth/become';
import {
  CHECKOUT_TOKEN_TTL_MS,
  issueCheckoutToken,
  sandboxKey,
} from '../../server/domain/billing/payments-sandbox';
import {
  CreatePaymentMethodResponse,
  PaysimpleToken,
  TokenizeResponse,
} from '../../src/api/contracts/payments';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';
import { linkPass } from './signup-passes';

const card = (number: string, extra: Record<string, unknown> = {}) => ({
  type: 'card',
  card_number: number,
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvv: '123',
  zip: '78701',
  first_name: 'Maria',
  last_name: 'Alvarez',
  email: 'billing@summit.example',
  ...extra,
});
const bank = (account: string, routing = '011000015') => ({
  type: 'ach',
  routing_number: routing,
  account_number: account,
  account_type: 'checking',
  first_name: 'Maria',
  last_name: 'Alvarez',
  email: 'billing@summit.example',
});

describe.each(dbKinds)('payments and the provider sandbox on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
  });
  afterAll(() => t?.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, headers = owner.headers) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload: payload as object, headers });
  const tokenFor = async (headers = owner.headers) =>
    (await api('GET', '/live/paysimple/token', undefined, headers)).json().token as string;
  const tokenize = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/sandbox/paysimple/tokenize', payload: body });

  it('serves the hosted fields, framable only by this origin', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/paysimple/hosted-fields.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('window.PaySandbox');
    const frame = await t.app.inject({ method: 'GET', url: '/sandbox/paysimple/fields.html' });
    expect(frame.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const other = await t.app.inject({ method: 'GET', url: '/sandbox/paysimple/fields.js' });
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('issues checkout tokens to signed-in users for known platforms only', async () => {
    expect((await api('GET', '/live/paysimple/token', undefined, {})).statusCode).toBe(401);
    expect((await api('GET', '/nope/paysimple/token')).statusCode).toBe(404);
    const res = await api('GET', '/bpr/paysimple/token');
    assertStruct(res.json(), PaysimpleToken);
    expect(res.json().token).toMatch(/^pst_/);
  });

  it('adds a card: tokenized by the provider, stored without its number', async () => {
    const tokenized = await tokenize({ token: await tokenFor(), ...card('4111 1111 1111 1111') });
    expect(tokenized.statusCode).toBe(200);
    assertStruct(tokenized.json(), TokenizeResponse);
    expect(tokenized.json()).toMatchObject({ brand: 'VISA', last_four: '1111', type: 'card' });
    expect(tokenized.json().ps_account_id).not.toContain('4111111111111111');

    const res = await api('POST', '/live/payment_methods/create', {
      ps_account_id: tokenized.json().ps_account_id,
      ps_customer_id: tokenized.json().ps_customer_id,
      sign_up: false,
    });
    expect(res.statusCode).toBe(200);
    assertStruct(res.json(), CreatePaymentMethodResponse);
    expect(res.json().message).toBe('Credit Card has been added successfully.');
    expect(res.json().payment_method).toMatchObject({
      type: 'credit_card',
      brand: 'VISA',
      last_four: '1111',
      exp_month: 12,
      platform: 'live',
    });
    const [row] = await t.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, res.json().payment_method.id));
    expect(JSON.stringify(row)).not.toContain('4111111111111111');
    expect(row).toMatchObject({ first_name: 'Maria', email: 'billing@summit.example' });

    const again = await api('POST', '/live/payment_methods/create', {
      ps_account_id: tokenized.json().ps_account_id,
      ps_customer_id: tokenized.json().ps_customer_id,
    });
    expect(again.json().payment_method.id).toBe(res.json().payment_method.id);
  });

  it('declines the documented numbers and refuses malformed fields', async () => {
    const declined = await tokenize({ token: await tokenFor(), ...card('4000 0000 0000 0002') });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().errors).toBe('Your card was declined.');
    const funds = await tokenize({ token: await tokenFor(), ...card('4000000000009995') });
    expect(funds.json().errors).toBe('Your card has insufficient funds.');
    const bad = await tokenize({
      token: await tokenFor(),
      ...card('4111 1111 1111 1112', { exp_month: 13, cvv: '1' }),
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['card_number', 'cvv', 'expiry']);
    const bankDeclined = await tokenize({ token: await tokenFor(), ...bank('000000000') });
    expect(bankDeclined.statusCode).toBe(402);
    expect(bankDeclined.json().errors).toBe('The bank account could not be verified.');
    const badRouting = await tokenize({ token: await tokenFor(), ...bank('12345678', '011000016') });
    expect(badRouting.json().errors).toEqual({ routing_number: ['Enter a valid routing number'] });
    const key = sandboxKey(becomeSecret(t.config));
    const expired = issueCheckoutToken(key, owner.user_id, Date.now() - CHECKOUT_TOKEN_TTL_MS - 1);
    expect(
      (await tokenize({ token: issueCheckoutToken(key, owner.user_id), ...card('4111111111111111') }))
        .statusCode,
    ).toBe(200);
    expect((await tokenize({ token: expired, ...card('4111111111111111') })).statusCode).toBe(401);
    expect((await tokenize({ token: 'pst_forged.sig', ...card('4111111111111111') })).statusCode).toBe(401);
  });

  it('adds an ACH account only when authorized, and only for the user who tokenized it', async () => {
    const tokenized = (await tokenize({ token: await tokenFor(), ...bank('123456789') })).json();
    const ids = { ps_account_id: tokenized.ps_account_id, ps_customer_id: tokenized.ps_customer_id };
    const unauthorized = await api('POST', '/live/payment_methods/create', ids);
    expect(unauthorized.json().errors).toEqual({
      authorized: ['Please authorize the debit from this bank account'],
    });
    const other = await signIn(t, 'multi@demo.test');
    const stolen = await api(
      'POST',
      '/live/payment_methods/create',
      { ...ids, authorized: true },
      other.headers,
    );
    expect(stolen.statusCode).toBe(422);
    const forged = await api('POST', '/live/payment_methods/create', {
      ...ids,
      ps_account_id: `${ids.ps_account_id}x`,
      authorized: true,
    });
    expect(forged.statusCode).toBe(422);
    const ok = await api('POST', '/live/payment_methods/create', {
      ...ids,
      authorized: true,
      invoice_id: null,
      assigned_accounts: [],
    });
    expect(ok.json().message).toBe('ACH Account has been added successfully.');
    expect(ok.json().payment_method).toMatchObject({
      type: 'ach',
      last_four: '6789',
      bank_name: 'Federal Reserve Bank (Sandbox)',
    });
    const foreign = await api('POST', '/live/payment_methods/create', {
      ...ids,
      authorized: true,
      assigned_accounts: ['FR-1001'],
    });
    expect(foreign.json().errors).toEqual({ assigned_accounts: ['Unknown account'] });
  });

  it('completes a legacy sign-up with its payment method', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/marketsharp/register',
      headers: linkPass(t, 'legacy', 'MS-1003'),
      payload: {
        first_name: 'Luis',
        last_name: 'Romero',
        business_name: 'Prairie Air Conditioning',
        job_title: 'General Manager',
        phone_number: '4055550188',
        email: 'luis@prairieair.example',
        password: 'Pr4irie!air',
        confirm_password: 'Pr4irie!air',
        ms_id: 'MS-1003',
      },
    });
    const headers = { 'x-auth-token': reg.json().token, 'x-user-id': String(reg.json().user_id) };
    const tokenized = (
      await tokenize({ token: await tokenFor(headers), ...card('5555 5555 5555 4444') })
    ).json();
    expect(tokenized.brand).toBe('MASTERCARD');
    const res = await api(
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
    expect(res.statusCode).toBe(200);
    expect(res.json().payment_method.is_default).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.id, reg.json().user_id));
    expect(user.signup_completed).toBe(true);
  });
});
