/**
 * The caller's product families (spec part 2 §3 "Product entry from server"): one entry per family
 * in catalogue order, inactive when the organization has no row for it; and enrolment in online
 * local listings, which makes directories active with that package added.
 */
import { and, asc, eq } from 'drizzle-orm';
import { ALREADY_ENROLLED, ONLINE_LISTINGS, type ProductEntry } from '../../../src/api/contracts/products';
import type { Db } from '../../db/client';
import { organizationProducts, products } from '../../db/schema/catalog';
import { now } from '../../lib/clock';
import { unprocessable } from '../../lib/errors';

export async function listProducts(db: Db, organizationId: number): Promise<ProductEntry[]> {
  const rows = await db
    .select({ key: products.key, mine: organizationProducts })
    .from(products)
    .leftJoin(
      organizationProducts,
      and(
        eq(organizationProducts.product_key, products.key),
        eq(organizationProducts.organization_id, organizationId),
      ),
    )
    .orderBy(asc(products.position));
  return rows.map(({ key, mine }) => ({
    name: key,
    active: mine?.active ?? false,
    package: mine?.packages ?? [],
    local_listing: mine?.local_listing ?? false,
    grade: mine?.grade ?? null,
  }));
}

/** Enrols the organization in online local listings; a second enrolment is a 422. */
export async function enrollOnlineListings(db: Db, organizationId: number): Promise<ProductEntry> {
  const [current] = await db
    .select()
    .from(organizationProducts)
    .where(
      and(
        eq(organizationProducts.organization_id, organizationId),
        eq(organizationProducts.product_key, 'directories'),
      ),
    );
  if (current?.local_listing || current?.packages.includes(ONLINE_LISTINGS))
    throw unprocessable(ALREADY_ENROLLED);
  const packages = [...(current?.packages ?? []), ONLINE_LISTINGS];
  const values = { active: true, packages, local_listing: true, updated_at: now() };
  await db
    .insert(organizationProducts)
    .values({ organization_id: organizationId, product_key: 'directories', ...values })
    .onConflictDoUpdate({
      target: [organizationProducts.organization_id, organizationProducts.product_key],
      set: values,
    });
  const entry = (await listProducts(db, organizationId)).find((product) => product.name === 'directories');
  if (!entry) throw unprocessable('Directories are not offered');
  return entry;
}
