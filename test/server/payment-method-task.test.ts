/**
 * The overview's payment_methods task: adding a payment method (the task modal hosts the same
 * payment form as billing) completes the organization's open payment_methods tasks; a refused
 * addition completes nothing; other customers' tasks are untouched.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../server/db/schema/activities';
import { users } from '../../server/db/schema/identity';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('payment_methods task on %s', (kind) => {
  let t: TestApp;
  let directories: Session;
  let owner: Session;
  beforeAll(async () => {
    t = await startApp(kind);
    directories = await signIn(t, 'directories@demo.test');
    owner = await signIn(t, 'owner@demo.test');
  });
  afterAll(() => t?.close());

  const api = (s: Session, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers: s.headers });
  const tasksOf = async (s: Session) => {
    const [user] = await t.db.select().from(users).where(eq(users.id, s.user_id));
    return t.db
      .select()
      .from(activities)
      .where(
        and(eq(activities.organization_id, user.organization_id), eq(activities.key, 'payment_methods')),
      );
  };
  const tokenize = async (s: Session) => {
    const token = (
      await t.app.inject({ method: 'GET', url: '/api/v1/bpr/paysimple/token', headers: s.headers })
    ).json().token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/paysimple/tokenize',
      payload: {
        token,
        type: 'card',
        card_number: '4111111111111111',
        exp_month: 12,
        exp_year: new Date().getFullYear() + 2,
        cvv: '123',
        zip: '78701',
        first_name: 'Maria',
        last_name: 'Alvarez',
        email: 'billing@summit.example',
      },
    });
    const { ps_account_id, ps_customer_id } = res.json() as Record<string, string>;
    return { ps_account_id, ps_customer_id };
  };

  it('completes the open payment_methods task when a method is added', async () => {
    const before = await tasksOf(directories);
    expect(before.some((a) => a.status !== 'completed')).toBe(true);
    const ownerBefore = await tasksOf(owner);

    const forged = await api(directories, '/bpr/payment_methods/create', {
      ps_account_id: 'psa_forged',
      ps_customer_id: 'psc_forged',
    });
    expect(forged.statusCode).toBe(422);
    expect((await tasksOf(directories)).some((a) => a.status !== 'completed')).toBe(true);

    const ids = await tokenize(directories);
    const res = await api(directories, '/bpr/payment_methods/create', ids);
    expect(res.statusCode, res.body).toBe(200);
    const after = await tasksOf(directories);
    expect(after.every((a) => a.status === 'completed' && a.klass === 'success')).toBe(true);
    expect(await tasksOf(owner)).toEqual(ownerBefore);
  });
});
