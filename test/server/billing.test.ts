/**
 * Billing through the real app (spec part 3 §7 "Billing"): the invoices list (range, order,
 * pages), the invoice PDF, paying (idempotent, amount = outstanding, expired card refused) with
 * its asynchronous settlement and live message (approved and declined), and the payment methods
 * (list, assign, edit, delete). Every route refuses another customer's ids with 404.
 */
import { inflateSync } from 'node:zlib';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, paymentMethodAccounts, paymentMethods, payments } from '../../server/db/schema/billing';
import { users } from '../../server/db/schema/identity';
import { jobs } from '../../server/db/schema/jobs';
import { accounts, liveMessages } from '../../server/db/schema/shell';
import { SETTLE_JOB, settlePayment } from '../../server/domain/billing/billing-payments';
import { sandboxKey } from '../../server/domain/billing/payments-sandbox';
import {
  InvoicePaymentResponse,
  InvoicesResponse,
  PayInvoiceResponse,
  PaymentMethodsResponse,
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

/** Every text a PDF draws: its streams inflated, hex strings decoded. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  let out = '';
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      out += inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      out += raw.slice(start, end);
    }
  }
  return out.replace(/<([0-9A-Fa-f]+)>/g, (_, hex: string) => Buffer.from(hex, 'hex').toString('latin1'));
}

describe.each(dbKinds)('billing on %s', (kind) => {
  let t: TestApp;
  let dirs: Session;
  let owner: Session;
  let dirsOrg: number;

  beforeAll(async () => {
    t = await startApp(kind);
    dirs = await signIn(t, 'directories@demo.test');
    owner = await signIn(t, 'owner@demo.test');
    const [u] = await t.db.select().from(users).where(eq(users.email, 'directories@demo.test'));
    dirsOrg = u.organization_id;
  });
  afterAll(() => t?.close());

  const api = (s: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, extra = {}) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...s.headers, ...extra },
      payload: payload as object,
    });
  const all = { start_date: '2000-01-01', end_date: '2100-01-01' };
  const list = async (s: Session, q: Record<string, string | number>) => {
    const res = await api(s, 'GET', `/invoices?${new URLSearchParams(q as Record<string, string>)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(is(res.json(), InvoicesResponse)).toBe(true);
    return res.json() as InvoicesResponse;
  };
  const ownInvoices = () =>
    t.db
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoin(accounts, eq(accounts.id, invoices.account_id))
      .where(eq(accounts.organization_id, dirsOrg));
  /** A new payable bpr invoice (the dev endpoint), as its database row. */
  const bill = async (status: 'Unpaid' | 'Partially paid' = 'Unpaid') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/invoices',
      payload: { email: 'directories@demo.test', status },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, res.json().invoice.id));
    return row;
  };
  const methods = async (s = dirs) =>
    (await api(s, 'GET', '/payment_methods')).json() as PaymentMethodsResponse;

  it('lists the own invoices newest first, in pages of 20, within the range, and oldest first', async () => {
    const mine = (await ownInvoices()).map((r) => r.invoice);
    const first = await list(dirs, { ...all, page: 1 });
    expect(first.total_records).toBe(mine.length);
    expect(first.invoices).toHaveLength(20);
    expect(first).toMatchObject({ current_page: 1, showing_from: 1, showing_to: 20 });
    expect(first.total_pages).toBe(Math.ceil(mine.length / 20));
    const times = first.invoices.map((i) => i.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await list(dirs, { ...all, page: 2 });
    expect(second.showing_from).toBe(21);
    expect(second.invoices[0].id).not.toBe(first.invoices[0].id);
    const asc = await list(dirs, { ...all, order: 'asc', per_page: 5 });
    expect(asc.invoices[0].created_at <= asc.invoices[4].created_at).toBe(true);
    expect(asc.invoices[0].created_at).toBe(mine.map((i) => i.created_at.toISOString()).sort()[0]);

    const newest = mine.map((i) => i.created_at).sort((a, b) => b.getTime() - a.getTime())[0];
    const day = newest.toISOString().slice(0, 10);
    const oneDay = await list(dirs, { start_date: day, end_date: day });
    expect(oneDay.total_records).toBeGreaterThan(0);
    expect(oneDay.total_records).toBeLessThan(mine.length);
    const none = await list(dirs, { start_date: '2001-01-01', end_date: '2001-01-02' });
    expect(none).toMatchObject({ invoices: [], total_records: 0, showing_from: 0, showing_to: 0 });
    // Wire: payable only for bpr reports while Unpaid or Partially paid; money as dollars.
    for (const i of first.invoices) {
      expect(i.payable).toBe(
        i.product_key === 'bpr_reports' && ['Unpaid', 'Partially paid'].includes(i.status),
      );
      expect(i.amount).toMatch(/^\d+\.\d\d$/);
    }
    // Isolation: another customer never sees these.
    const theirs = await list(owner, { ...all, per_page: 100 });
    const ids = new Set(mine.map((i) => i.id));
    expect(theirs.invoices.some((i) => ids.has(i.id))).toBe(false);
  });

  it('refuses bad list input with 422', async () => {
    for (const q of ['page=0', 'page=abc', 'per_page=1000', 'order=up', 'start_date=2024-13-40']) {
      const res = await api(dirs, 'GET', `/invoices?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors).toBeTypeOf('object');
    }
  });

  it('renders an own invoice as a PDF with its number, items and totals; another customer gets 404', async () => {
    const [invoice] = (await ownInvoices()).map((r) => r.invoice);
    const res = await api(dirs, 'GET', `/invoices/${invoice.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.name}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getTitle()).toBe(`Invoice ${invoice.name}`);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(invoice.name);
    expect(text).toContain(invoice.status);
    expect(text).toContain('Amount due');
    expect((await api(owner, 'GET', `/invoices/${invoice.id}`)).statusCode).toBe(404);
    expect((await api(dirs, 'GET', '/invoices/99999999')).statusCode).toBe(404);
  });

  it('refuses bad payments: foreign invoice or method 404, wrong amount 422, expired card 422, unpayable 422', async () => {
    const target = await bill();
    const amount = target.outstanding_amount_cents / 100;
    const { records } = await methods();
    const good = records.find((m) => !m.is_expired && m.type === 'credit_card');
    const expired = records.find((m) => m.is_expired);
    expect(good && expired).toBeTruthy();
    const ownerMethod = (await methods(owner)).records[0];
    const attempts = await t.db.select().from(payments).where(eq(payments.invoice_id, target.id));
    const pay = (s: Session, id: number, body: unknown) => api(s, 'POST', `/invoices/${id}`, body);

    expect((await pay(owner, target.id, { amount, pm_ref_id: ownerMethod.ref_id })).statusCode).toBe(404);
    expect((await pay(dirs, target.id, { amount, pm_ref_id: ownerMethod.ref_id })).statusCode).toBe(404);
    const wrong = await pay(dirs, target.id, { amount: amount + 1, pm_ref_id: good?.ref_id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.amount).toEqual(['The amount must equal the outstanding amount']);
    const old = await pay(dirs, target.id, { amount, pm_ref_id: expired?.ref_id });
    expect(old.statusCode).toBe(422);
    expect((await pay(dirs, target.id, { amount })).statusCode).toBe(422);
    expect((await pay(dirs, target.id, { amount: 'x', pm_ref_id: good?.ref_id })).statusCode).toBe(422);
    const paid = (await ownInvoices()).find((r) => r.invoice.status === 'Paid')?.invoice;
    expect((await pay(dirs, paid?.id as number, { amount: 1, pm_ref_id: good?.ref_id })).statusCode).toBe(
      422,
    );
    const [after] = await t.db.select().from(invoices).where(eq(invoices.id, target.id));
    expect(after.status).toBe(target.status);
    expect(await t.db.select().from(payments).where(eq(payments.invoice_id, target.id))).toHaveLength(
      attempts.length,
    );
  });

  it('pays once for a double submit and a second tab, then settles to Paid with a live message and a receipt', async () => {
    const target = await bill('Partially paid');
    expect(target.outstanding_amount_cents).toBeLessThan(target.amount_cents);
    const before = await t.db.select().from(payments).where(eq(payments.invoice_id, target.id));
    const { records } = await methods();
    const method = records.find((m) => !m.is_expired && m.type === 'credit_card');
    const body = { amount: target.outstanding_amount_cents / 100, pm_ref_id: method?.ref_id };
    const key = { 'idempotency-key': 'pay-test-0001' };
    const [a, b] = await Promise.all([
      api(dirs, 'POST', `/invoices/${target.id}`, body, key),
      api(dirs, 'POST', `/invoices/${target.id}`, body, key),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(is(a.json(), PayInvoiceResponse)).toBe(true);
    expect(a.json()).toMatchObject({
      message: 'Invoice payment request sent successfully.',
      invoice: { status: 'Pending' },
    });
    expect(b.json().payment.id).toBe(a.json().payment.id);
    // Another key for the same payment (a second dialog, a resent request): that payment, no charge.
    const tab2 = await api(dirs, 'POST', `/invoices/${target.id}`, body, {
      'idempotency-key': 'pay-test-0002',
    });
    expect(tab2.statusCode, tab2.body).toBe(200);
    expect(tab2.json().payment.id).toBe(a.json().payment.id);
    // Another method while it settles: refused, saying why.
    const ach = records.find((m) => m.type === 'ach');
    const other = await api(dirs, 'POST', `/invoices/${target.id}`, { ...body, pm_ref_id: ach?.ref_id });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toBe('A payment for this invoice is already being processed.');
    const following = await api(dirs, 'GET', `/invoices/${target.id}/payments/${a.json().payment.id}`);
    expect(following.statusCode, following.body).toBe(200);
    expect(is(following.json(), InvoicePaymentResponse)).toBe(true);
    expect(following.json().payment).toMatchObject({ status: 'pending', confirmation: null });
    const after = await t.db.select().from(payments).where(eq(payments.invoice_id, target.id));
    expect(after.length - before.length).toBe(1);
    // Settlement is one durable job, enqueued with the payment.
    const settleJobs = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${SETTLE_JOB}:${a.json().payment.id}`));
    expect(settleJobs).toHaveLength(1);

    const settled = await until(async () => {
      const [row] = await t.db.select().from(invoices).where(eq(invoices.id, target.id));
      return row.status === 'Paid' ? row : null;
    });
    expect(settled).toMatchObject({ outstanding_amount_cents: 0, payment_method_id: method?.id });
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, a.json().payment.id));
    expect(payment.status).toBe('succeeded');
    expect(payment.ps_payment_id).toMatch(/^PS-[0-9A-Z]{10}$/);
    const messages = await t.db.select().from(liveMessages).where(eq(liveMessages.user_id, dirs.user_id));
    expect(messages.map((m) => m.payload)).toContainEqual({
      message_type: 'switch_status',
      object: 'Invoice',
      id: target.id,
      status: 'paid',
    });
    // The receipt: on the payment, on the listed invoice and in its PDF.
    const receipt = {
      id: payment.id,
      status: 'succeeded',
      amount: (target.outstanding_amount_cents / 100).toFixed(2),
      method: { ref_id: method?.ref_id, brand: 'VISA', last_four: '1111' },
      confirmation: payment.ps_payment_id,
      failure_message: null,
    };
    const done = await api(dirs, 'GET', `/invoices/${target.id}/payments/${payment.id}`);
    expect(done.json()).toMatchObject({ invoice: { status: 'Paid' }, payment: receipt });
    const listed = (await list(dirs, all)).invoices.find((i) => i.id === target.id);
    expect(listed?.payment).toMatchObject(receipt);
    const pdf = await api(dirs, 'GET', `/invoices/${target.id}`);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('PAYMENT RECEIVED');
    expect(text).toContain(payment.ps_payment_id as string);
    expect(text).toContain('VISA **** 1111');
    const again = await api(dirs, 'POST', `/invoices/${target.id}`, body, {
      'idempotency-key': 'pay-test-0003',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toBe('This invoice has already been paid.');
    expect((await api(dirs, 'GET', `/invoices/${target.id}/payments/999999`)).statusCode).toBe(404);
    expect((await api(owner, 'GET', `/invoices/${target.id}/payments/${payment.id}`)).statusCode).toBe(404);
  });

  it('says what is owed across all time, lists the unpaid invoices, and exports by GET as the spec has it', async () => {
    const target = await bill();
    const rows = (await ownInvoices()).map((r) => r.invoice);
    const owed = rows.filter(
      (i) => ['Unpaid', 'Partially paid', 'Failed'].includes(i.status) && i.outstanding_amount_cents > 0,
    );
    const cents = owed.reduce((sum, i) => sum + i.outstanding_amount_cents, 0);
    // A range that holds none of them still says what is owed.
    const empty = await list(dirs, { start_date: '2001-01-01', end_date: '2001-01-02' });
    expect(empty.invoices).toHaveLength(0);
    const part = (list: typeof owed) => ({
      amount: (list.reduce((sum, i) => sum + i.outstanding_amount_cents, 0) / 100).toFixed(2),
      count: list.length,
    });
    expect(empty.owed).toEqual({
      amount: (cents / 100).toFixed(2),
      count: owed.length,
      payable: part(owed.filter((i) => i.product_key === 'bpr_reports' && i.status !== 'Failed')),
      failed: part(owed.filter((i) => i.status === 'Failed')),
    });
    const unpaid = await list(dirs, {
      status: 'unpaid',
      per_page: 100,
      start_date: '2001-01-01',
      end_date: '2001-01-02',
    });
    expect(unpaid.total_records).toBe(owed.length);
    expect(unpaid.invoices.map((i) => i.id)).toContain(target.id);
    expect(unpaid.invoices.every((i) => ['Unpaid', 'Partially paid', 'Failed'].includes(i.status))).toBe(
      true,
    );
    expect((await api(dirs, 'GET', '/invoices?status=paid')).statusCode).toBe(422);

    const exported = await api(
      dirs,
      'GET',
      '/invoices/export?order=desc&start_date=2000-01-01&end_date=2100-01-01',
    );
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json()).toMatchObject({
      action: 'download',
      message: expect.stringMatching(/^http|^\//),
    });
    const file = await t.app.inject({ method: 'GET', url: exported.json().message });
    expect(file.body.split('\n')[0]).toContain('Date & Time');
    expect(file.body).toContain(target.name);
    expect(
      (await api(dirs, 'GET', '/invoices/export?start_date=2026-02-01&end_date=2026-01-01')).statusCode,
    ).toBe(422);
    expect((await api(dirs, 'GET', '/invoices/export')).statusCode).toBe(422);
  });

  it('adds a card the provider declines at charge time; its payment settles to Failed with a live message', async () => {
    const token = (await api(dirs, 'GET', '/bpr/paysimple/token')).json().token;
    const tok = await t.app.inject({
      method: 'POST',
      url: '/sandbox/paysimple/tokenize',
      payload: { token, ...card('4000 0000 0000 0341') },
    });
    expect(tok.statusCode).toBe(200);
    const created = await api(dirs, 'POST', '/bpr/payment_methods/create', {
      ps_account_id: tok.json().ps_account_id,
      ps_customer_id: tok.json().ps_customer_id,
    });
    expect(created.statusCode).toBe(200);
    const target = await bill();
    const res = await api(dirs, 'POST', `/invoices/${target.id}`, {
      amount: target.outstanding_amount_cents / 100,
      pm_ref_id: created.json().payment_method.ref_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    await until(async () => {
      const [row] = await t.db.select().from(invoices).where(eq(invoices.id, target.id));
      return row.status === 'Failed';
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, res.json().payment.id));
    expect(payment).toMatchObject({ status: 'failed', failure_message: 'Your card was declined.' });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, target.id));
    expect(row.outstanding_amount_cents).toBe(target.outstanding_amount_cents);
    const messages = await t.db.select().from(liveMessages).where(eq(liveMessages.user_id, dirs.user_id));
    expect(messages.map((m) => m.payload)).toContainEqual({
      message_type: 'switch_status',
      object: 'Invoice',
      id: target.id,
      status: 'failed',
    });
  });

  it('settles a payment once when its job runs twice at the same time', async () => {
    const target = await bill();
    const { records } = await methods();
    const method = records.find((m) => !m.is_expired && m.type === 'credit_card');
    const [payment] = await t.db
      .insert(payments)
      .values({
        invoice_id: target.id,
        payment_method_id: method?.id,
        user_id: dirs.user_id,
        amount_cents: target.outstanding_amount_cents,
        status: 'pending',
      })
      .returning();
    await t.db.update(invoices).set({ status: 'Pending' }).where(eq(invoices.id, target.id));
    const key = sandboxKey(t.app.becomeSecret);
    const settled = await Promise.all([
      settlePayment(t.db, t.app.live, key, payment.id),
      settlePayment(t.db, t.app.live, key, payment.id),
    ]);
    expect(settled.filter(Boolean)).toHaveLength(1);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row.status).toBe('succeeded');
    const messages = (
      await t.db.select().from(liveMessages).where(eq(liveMessages.user_id, dirs.user_id))
    ).filter((m) => (m.payload as { id?: number }).id === target.id);
    expect(messages).toHaveLength(1);
  });

  it('lists payment methods without numbers: expiry, assignments, can_delete and the accounts', async () => {
    const body = await methods();
    expect(is(body, PaymentMethodsResponse)).toBe(true);
    expect(body.can_create_payment_method).toBe(true);
    const visa = body.records.find((m) => m.last_four === '1111' && m.brand === 'VISA');
    expect(visa).toMatchObject({
      masked_number: '**** **** **** 1111',
      is_expired: false,
      can_delete: false,
    });
    expect(visa?.accounts.length).toBeGreaterThan(0);
    expect(visa?.accounts[0]).toEqual({ ref_id: expect.any(String) });
    expect(visa).not.toHaveProperty('assigned_accounts');
    const discover = body.records.find((m) => m.brand === 'DISCOVER');
    expect(discover).toMatchObject({ is_expired: true, can_delete: true, accounts: [] });
    const ach = body.records.find((m) => m.type === 'ach');
    expect(ach).toMatchObject({
      bank_name: 'Bank of America',
      routing_number: '026009593',
      ach_type: 'savings',
    });
    expect(ach?.account_number).toBe('****2468');
    expect(body.accounts.length).toBeGreaterThan(1);
    // With an invoice: only methods that can pay (no expired card); a foreign invoice is 404.
    const [inv] = (await ownInvoices()).map((r) => r.invoice);
    const forInvoice = (await api(dirs, 'GET', `/payment_methods?invoice_id=${inv.id}`)).json();
    expect(forInvoice.records.some((m: { is_expired: boolean }) => m.is_expired)).toBe(false);
    expect((await api(owner, 'GET', `/payment_methods?invoice_id=${inv.id}`)).statusCode).toBe(404);
    const theirs = await methods(owner);
    expect(theirs.records.some((m) => body.records.some((n) => n.id === m.id))).toBe(false);
  });

  it('assigns accounts (moving them from another method), never to an expired card or a foreign method', async () => {
    const { records, accounts: accs } = await methods();
    const visa = records.find((m) => m.brand === 'VISA' && m.last_four === '1111');
    const ach = records.find((m) => m.type === 'ach');
    const discover = records.find((m) => m.brand === 'DISCOVER');
    const moving = ach?.accounts[0].ref_id as string;
    const wanted = [...(visa?.accounts ?? []).map((a) => a.ref_id), moving];
    const res = await api(dirs, 'POST', '/bpr/payment_methods/update', {
      payment_method_id: visa?.id,
      assigned_accounts: wanted,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The accounts have been added to the Credit Card successfully.');
    expect(res.json().record.accounts).toEqual([...wanted].sort().map((ref_id) => ({ ref_id })));
    const [acc] = await t.db.select().from(accounts).where(eq(accounts.ref_id, moving));
    const links = await t.db
      .select()
      .from(paymentMethodAccounts)
      .where(eq(paymentMethodAccounts.account_id, acc.id));
    expect(links.map((l) => l.payment_method_id)).toEqual([visa?.id]);

    const expired = await api(dirs, 'POST', '/bpr/payment_methods/update', {
      payment_method_id: discover?.id,
      assigned_accounts: [accs[0].ref_id],
    });
    expect(expired.statusCode).toBe(422);
    const ownerAccount = (await methods(owner)).accounts[0].ref_id;
    const foreignAccount = await api(dirs, 'POST', '/bpr/payment_methods/update', {
      payment_method_id: visa?.id,
      assigned_accounts: [ownerAccount],
    });
    expect(foreignAccount.statusCode).toBe(422);
    const ownerMethod = (await methods(owner)).records[0];
    const foreign = await api(dirs, 'POST', '/bpr/payment_methods/update', {
      payment_method_id: ownerMethod.id,
      assigned_accounts: [accs[0].ref_id],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await api(dirs, 'POST', '/nope/payment_methods/update', {})).statusCode).toBe(404);
    expect(
      (await api(dirs, 'POST', '/bpr/payment_methods/update', { payment_method_id: visa?.id })).statusCode,
    ).toBe(422);
  });

  it('edits a card with a freshly tokenized one (the expired card is updated this way)', async () => {
    const { records } = await methods();
    const discover = records.find((m) => m.brand === 'DISCOVER');
    const token = (await api(dirs, 'GET', '/bpr/paysimple/token')).json().token;
    const tok = await t.app.inject({
      method: 'POST',
      url: '/sandbox/paysimple/tokenize',
      payload: { token, ...card('6011 1111 1111 1117') },
    });
    const ids = { ps_account_id: tok.json().ps_account_id, ps_customer_id: tok.json().ps_customer_id };
    const res = await api(dirs, 'POST', `/bpr/payment_methods/${discover?.id}/edit`, ids);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Payment method has been edited successfully.');
    expect(res.json().record).toMatchObject({
      id: discover?.id,
      ref_id: discover?.ref_id,
      is_expired: false,
      name: 'Dana Reyes',
    });
    const ownerMethod = (await methods(owner)).records[0];
    expect((await api(dirs, 'POST', `/bpr/payment_methods/${ownerMethod.id}/edit`, ids)).statusCode).toBe(
      404,
    );
    const forged = await api(owner, 'POST', `/live/payment_methods/${ownerMethod.id}/edit`, ids);
    expect(forged.statusCode).toBe(422);
  });

  it('deletes only a method that can be deleted; foreign ids are 404', async () => {
    const { records } = await methods();
    const visa = records.find((m) => m.brand === 'VISA' && m.last_four === '1111');
    const refused = await api(dirs, 'DELETE', `/bpr/payment_methods/${visa?.id}`);
    expect(refused.statusCode).toBe(422);
    const free = records.find((m) => m.can_delete && m.brand === 'DISCOVER');
    const ownerMethod = (await methods(owner)).records[0];
    expect((await api(dirs, 'DELETE', `/bpr/payment_methods/${ownerMethod.id}`)).statusCode).toBe(404);
    const res = await api(dirs, 'DELETE', `/bpr/payment_methods/${free?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Payment method has been deleted successfully.');
    expect((await methods()).records.some((m) => m.id === free?.id)).toBe(false);
    expect((await api(dirs, 'DELETE', `/bpr/payment_methods/${free?.id}`)).statusCode).toBe(404);
    const [row] = await t.db
      .select()
      .from(paymentMethods)
      .where(
        and(eq(paymentMethods.id, free?.id as number), inArray(paymentMethods.organization_id, [dirsOrg])),
      )
      .orderBy(asc(paymentMethods.id));
    expect(row.deleted_at).not.toBeNull();
  });

  it('exports the invoices of a range as CSV through the export flow', async () => {
    const res = await api(dirs, 'POST', '/invoices/export', { ...all, order: 'desc' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().action).toBe('download');
    const file = await t.app.inject({ method: 'GET', url: res.json().message });
    expect(file.statusCode).toBe(200);
    const lines = file.body.trim().split('\n');
    expect(lines[0]).toContain('Date & Time');
    expect(lines.length - 1).toBe((await ownInvoices()).length);
  });
});
