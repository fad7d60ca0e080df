/**
 * A Failed invoice is charged again once its payment method is fixed (server/domain/billing/
 * failed-retry.ts): editing the expired card it failed on retries it (Paid, or Failed again with
 * the provider's new reason), assigning its account to another method retries it with that one,
 * and "You owe" says what Pay Now can settle apart from what waits on a payment method.
 */
import { and, eq } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../server/db/schema/billing';
import { users } from '../../server/db/schema/identity';
import { accounts } from '../../server/db/schema/shell';
import {
  InvoicesResponse,
  PaymentMethodResponse,
  type PaymentMethodsResponse,
} from '../../src/api/contracts/billing';
import { dbKinds, type Session, signIn, startApp, type TestApp, until } from './helpers';

const card = (number: string) => ({
  type: 'card',
  card_number: number,
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvv: '123',
  zip: '78701',
  first_name: 'Dana',
  last_name: 'Reyes',
  email: 'dana@example.com',
});

describe.each(dbKinds)('failed invoices retried on %s', (kind) => {
  let t: TestApp;
  let dirs: Session;
  let org: number;

  beforeAll(async () => {
    t = await startApp(kind);
    dirs = await signIn(t, 'directories@demo.test');
    const [u] = await t.db.select().from(users).where(eq(users.email, 'directories@demo.test'));
    org = u.organization_id;
  });
  afterAll(() => t?.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: dirs.headers, payload: payload as object });
  const tokenized = async (number: string) => {
    const token = (await api('GET', '/bpr/paysimple/token')).json().token;
    const tok = await t.app.inject({
      method: 'POST',
      url: '/sandbox/paysimple/tokenize',
      payload: { token, ...card(number) },
    });
    expect(tok.statusCode, tok.body).toBe(200);
    return { ps_account_id: tok.json().ps_account_id, ps_customer_id: tok.json().ps_customer_id };
  };
  const failedOf = (methodId: number) =>
    t.db
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoin(accounts, eq(accounts.id, invoices.account_id))
      .where(
        and(
          eq(accounts.organization_id, org),
          eq(invoices.status, 'Failed'),
          eq(invoices.payment_method_id, methodId),
        ),
      );
  const statusOf = async (id: number) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0];
  const owed = async () =>
    ((await api('GET', '/invoices?start_date=2001-01-01&end_date=2001-01-02')).json() as InvoicesResponse)
      .owed;

  it('says which part of what is owed can be paid now and which waits on a payment method', async () => {
    const answer = (await api('GET', '/invoices?status=unpaid&per_page=100')).json();
    expect(is(answer, InvoicesResponse)).toBe(true);
    const list = (answer as InvoicesResponse).invoices;
    const sum = (rows: typeof list) => ({
      amount: rows.reduce((s, i) => s + Math.round(Number(i.outstanding_amount) * 100), 0) / 100,
      count: rows.length,
    });
    const { payable, failed, amount, count } = (answer as InvoicesResponse).owed;
    expect({ amount: Number(payable?.amount), count: payable?.count }).toEqual(
      sum(list.filter((i) => i.payable)),
    );
    expect({ amount: Number(failed?.amount), count: failed?.count }).toEqual(
      sum(list.filter((i) => i.status === 'Failed')),
    );
    expect(failed?.count).toBeGreaterThan(0);
    expect({ amount: Number(amount), count }).toEqual(sum(list));
    // A Failed invoice names the charge that failed: its method and the provider's reason.
    const one = list.find((i) => i.status === 'Failed');
    expect(one?.payment).toMatchObject({ status: 'failed', method: { type: expect.any(String) } });
    expect(one?.payment?.failure_message).toBeTruthy();
  });

  it('editing the card a charge failed on charges again: declined again, then paid', async () => {
    const { records } = (await api('GET', '/payment_methods')).json() as PaymentMethodsResponse;
    const expired = records.find((m) => m.is_expired);
    expect(expired).toBeTruthy();
    const id = expired?.id as number;
    const before = (await failedOf(id)).map((r) => r.invoice);
    expect(before.length).toBeGreaterThan(0);

    // A card the provider takes but whose charges are declined: retried, and Failed again.
    const declined = await api(
      'POST',
      `/bpr/payment_methods/${id}/edit`,
      await tokenized('4000000000000341'),
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(is(declined.json(), PaymentMethodResponse)).toBe(true);
    expect(declined.json().retried).toBe(before.length);
    expect((await statusOf(before[0].id)).status).toBe('Pending');
    await until(async () => (await statusOf(before[0].id)).status === 'Failed');
    const attempts = await t.db
      .select()
      .from(payments)
      .where(eq(payments.invoice_id, before[0].id))
      .orderBy(payments.id);
    expect(attempts.at(-1)).toMatchObject({ status: 'failed', failure_message: 'Your card was declined.' });

    const good = await api('POST', `/bpr/payment_methods/${id}/edit`, await tokenized('4111111111111111'));
    expect(good.json().retried).toBe(before.length);
    for (const invoice of before) await until(async () => (await statusOf(invoice.id)).status === 'Paid');
    expect((await statusOf(before[0].id)).outstanding_amount_cents).toBe(0);
    expect((await owed()).failed?.count).toBe(0);
    // Nothing left to retry: a second edit charges nothing.
    const idle = await api('POST', `/bpr/payment_methods/${id}/edit`, await tokenized('4111111111111111'));
    expect(idle.json().retried).toBeUndefined();
  });

  it("assigning a Failed invoice's account to another method charges it with that one", async () => {
    const [target] = await t.db
      .select({ invoice: invoices, ref: accounts.ref_id })
      .from(invoices)
      .innerJoin(accounts, eq(accounts.id, invoices.account_id))
      .where(and(eq(accounts.organization_id, org), eq(invoices.status, 'Paid')))
      .limit(1);
    // An invoice whose charge failed (as the settlement job leaves one).
    await t.db
      .update(invoices)
      .set({ status: 'Failed', outstanding_amount_cents: target.invoice.amount_cents })
      .where(eq(invoices.id, target.invoice.id));
    const { records } = (await api('GET', '/payment_methods')).json() as PaymentMethodsResponse;
    const visa = records.find((m) => !m.is_expired && m.type === 'credit_card');
    const res = await api('POST', '/bpr/payment_methods/update', {
      payment_method_id: visa?.id,
      assigned_accounts: [...new Set([...(visa?.accounts ?? []).map((a) => a.ref_id), target.ref])],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().retried).toBeGreaterThanOrEqual(1);
    await until(async () => (await statusOf(target.invoice.id)).status === 'Paid');
    expect((await statusOf(target.invoice.id)).payment_method_id).toBe(visa?.id);
  });
});
