/**
 * Staff impersonating a customer cannot move money (issue 29, item 3): every route that pays,
 * gets a checkout token, or adds, assigns, edits or deletes a payment method (and enrolling in a
 * paid product) answers 403 to an impersonated session, decided in one place (plugins/auth.ts
 * MONEY_ROUTES), with nothing changed; the customer's own session still pays. The list is checked
 * against the registered routes: a new route that touches invoices or payment methods fails here
 * until it is listed (or named a read).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../server/db/schema/billing';
import { MONEY_ROUTES, STAFF_REFUSED } from '../../server/plugins/auth';
import { becomeStaff, dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

/** Routes that touch invoices or payment methods and only read: the PDF, the lists. */
const READS = new Set([
  'GET /api/v1/invoices',
  'GET /api/v1/invoices/:id',
  'GET /api/v1/invoices/:id/payments/:payment_id',
  'GET /api/v1/payment_methods',
  'GET /api/v1/invoices/export',
  'POST /api/v1/invoices/export',
]);
const TOUCHES_MONEY = /invoice|payment|paysimple|enroll|charge|\/pay\b/i;

describe.each(dbKinds)('impersonation and money on %s', (kind) => {
  let t: TestApp;
  let customer: Session;
  let staff: Record<string, string>;

  beforeAll(async () => {
    t = await startApp(kind);
    customer = await signIn(t, 'directories@demo.test');
    staff = (await becomeStaff(t, 'directories@demo.test')).headers;
  });
  afterAll(() => t?.close());

  const api = (headers: Record<string, string>, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url: `/api/v1${url}`, headers, payload });

  const bill = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/invoices',
      payload: { email: 'directories@demo.test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().invoice as { id: number; outstanding_amount_cents: number };
  };

  it('lists every registered route that touches invoices or payment methods and is not a read', () => {
    const touching = t.app.routeList
      .filter((r) => r.auth === 'session' && TOUCHES_MONEY.test(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((name) => !READS.has(name));
    expect(new Set(touching)).toEqual(new Set(MONEY_ROUTES.filter((name) => TOUCHES_MONEY.test(name))));
    // Every listed route exists (the plugin also refuses to start otherwise).
    const registered = new Set(t.app.routeList.map((r) => `${r.method} ${r.url}`));
    for (const name of MONEY_ROUTES) expect(registered.has(name), name).toBe(true);
  });

  it("refuses staff the customer's own money routes with 403, and changes nothing", async () => {
    const invoice = await bill();
    const methods = (await api(customer.headers, 'GET', '/payment_methods')).json().records as {
      id: number;
      ref_id: string;
      type: string;
      is_expired: boolean;
    }[];
    const card = methods.find((m) => m.type === 'credit_card' && !m.is_expired);
    expect(card).toBeTruthy();
    const id = String(card?.id);
    // Real ids and well-formed bodies: the refusal is the impersonation's, not a 404 or a 422.
    const calls: Record<string, { url: string; payload?: object }> = {
      'POST /api/v1/invoices/:id': {
        url: `/invoices/${invoice.id}`,
        payload: { amount: invoice.outstanding_amount_cents / 100, pm_ref_id: card?.ref_id },
      },
      'GET /api/v1/:platform/paysimple/token': { url: '/bpr/paysimple/token' },
      'POST /api/v1/:platform/payment_methods/create': {
        url: '/bpr/payment_methods/create',
        payload: { ps_account_id: 'acct', ps_customer_id: 'cust' },
      },
      'POST /api/v1/:platform/payment_methods/update': {
        url: '/bpr/payment_methods/update',
        payload: { payment_method_id: id, assigned_accounts: [] },
      },
      'POST /api/v1/:platform/payment_methods/:id/edit': {
        url: `/bpr/payment_methods/${id}/edit`,
        payload: { ps_account_id: 'acct', ps_customer_id: 'cust' },
      },
      'DELETE /api/v1/:platform/payment_methods/:id': { url: `/bpr/payment_methods/${id}` },
      'POST /api/v1/directories/enroll': { url: '/directories/enroll', payload: {} },
    };
    expect(Object.keys(calls).sort()).toEqual([...MONEY_ROUTES].sort());
    for (const name of MONEY_ROUTES) {
      const { url, payload } = calls[name];
      const res = await api(staff, name.split(' ')[0], url, payload);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
      expect(res.json().errors).toBe(STAFF_REFUSED);
    }
    const [after] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after.status).toBe('Unpaid');
    expect(await t.db.select().from(payments).where(eq(payments.invoice_id, invoice.id))).toHaveLength(0);
    const methodsAfter = (await api(customer.headers, 'GET', '/payment_methods')).json().records;
    expect(methodsAfter).toEqual(methods);
    // Staff still read the customer's billing.
    expect((await api(staff, 'GET', '/invoices?start_date=2000-01-01&end_date=2100-01-01')).statusCode).toBe(
      200,
    );
    expect((await api(staff, 'GET', '/payment_methods')).statusCode).toBe(200);
  });

  it('lets the customer pay the same invoice with the same card', async () => {
    const invoice = await bill();
    const methods = (await api(customer.headers, 'GET', '/payment_methods')).json().records as {
      ref_id: string;
      type: string;
      is_expired: boolean;
    }[];
    const card = methods.find((m) => m.type === 'credit_card' && !m.is_expired);
    const res = await api(customer.headers, 'POST', `/invoices/${invoice.id}`, {
      amount: invoice.outstanding_amount_cents / 100,
      pm_ref_id: card?.ref_id,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
