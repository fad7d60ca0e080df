/**
 * Interest requests through the real app: POST /api/v1/submit_mql_info (session) and the
 * marketing-automation sandbox's form intake (public, outside /api/v1). Each lands in
 * interest_requests with what was asked; bad input is a 422 naming the field.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interestRequests } from '../../server/db/schema/signup';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('interest requests on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
  });
  afterAll(() => t?.close());

  const mql = (payload: unknown, headers: Record<string, string> = owner.headers) =>
    t.app.inject({ method: 'POST', url: '/api/v1/submit_mql_info', headers, payload: payload as object });

  it('stores a signed-in user interest with its source', async () => {
    const res = await mql({
      product: 'SEO',
      package: 'Growth',
      click_source: 'products',
      product_status: 'inactive',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [row] = await t.db
      .select()
      .from(interestRequests)
      .where(eq(interestRequests.user_id, owner.user_id))
      .orderBy(desc(interestRequests.id))
      .limit(1);
    expect(row).toMatchObject({ kind: 'mql', product: 'SEO', package: 'Growth', click_source: 'products' });
  });

  it('needs a session and refuses bad fields by name', async () => {
    expect(
      (await mql({ product: 'SEO', click_source: 'overview', product_status: 'inactive' }, {})).statusCode,
    ).toBe(401);
    const bad = await mql({ product: ' ', click_source: 'elsewhere', product_status: 'inactive' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['product', 'click_source']));
  });

  it('takes the marketing form without a session and refuses an unknown product', async () => {
    const form = {
      firstname: 'Dana',
      lastname: 'Cruz',
      email: 'dana@example.test',
      company: 'Cruz Roofing',
      portal_product_selection: 'RevConnect',
      portal_intent: 'RevConnect',
      active_products: 'live,direct',
    };
    const res = await t.app.inject({ method: 'POST', url: '/sandbox/marketing/submissions', payload: form });
    expect(res.statusCode).toBe(200);
    const { submission_id } = res.json() as { submission_id: string };
    const rows = await t.db.select().from(interestRequests).where(eq(interestRequests.kind, 'form'));
    expect(rows.find((row) => row.payload.submission_id === submission_id)).toMatchObject({
      product: 'RevConnect',
      portal_intent: 'RevConnect',
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/sandbox/marketing/submissions',
      payload: { ...form, portal_product_selection: 'Everything' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('portal_product_selection');
  });
});
