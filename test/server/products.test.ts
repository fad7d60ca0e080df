/**
 * GET /products and POST /directories/enroll through the real app: every family in catalogue
 * order with the customer's own packages, enrolment once (a replay answers the stored result, a
 * second enrolment is refused), and another customer's products untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_KEYS, type ProductEntry } from '../../src/api/contracts/products';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('products on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let multi: Session;
  const list = async (s: Session) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: s.headers })).json()
      .products as ProductEntry[];
  const enroll = (s: Session, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/directories/enroll',
      headers: { ...s.headers, ...(key ? { 'idempotency-key': key } : {}) },
    });

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    multi = await signIn(t, 'multi@demo.test');
  });
  afterAll(() => t?.close());

  it("lists every family with the customer's packages", async () => {
    const products = await list(owner);
    expect(products.map((p) => p.name)).toEqual([...PRODUCT_KEYS]);
    expect(products.find((p) => p.name === 'seo')).toMatchObject({
      active: true,
      package: ['expand'],
      grade: 'B',
    });
    expect(products.find((p) => p.name === 'directories')).toMatchObject({ active: false, package: [] });
  });

  it('enrols in online local listings once', async () => {
    const first = await enroll(owner, 'enroll-key-0001');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Online Local Listings enrolled successfully.');
    const replay = await enroll(owner, 'enroll-key-0001');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await enroll(owner, 'enroll-key-0002');
    expect(again.statusCode).toBe(422);
    const directories = (await list(owner)).find((p) => p.name === 'directories');
    expect(directories).toMatchObject({
      active: true,
      package: ['online_local_listings'],
      local_listing: true,
    });
    const others = (await list(multi)).find((p) => p.name === 'directories');
    expect(others).toMatchObject({ package: ['print_guidebooks'], local_listing: false });
  });
});
