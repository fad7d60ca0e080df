/** The partner software offerings of the Services page, active ones in their order. */
import { asc, eq } from 'drizzle-orm';
import type { PartnerOffering } from '../../../src/api/contracts/services';
import type { Db } from '../../db/client';
import { partnerOfferings } from '../../db/schema/partners';

export async function listPartnerOfferings(db: Db): Promise<PartnerOffering[]> {
  const rows = await db
    .select()
    .from(partnerOfferings)
    .where(eq(partnerOfferings.active, true))
    .orderBy(asc(partnerOfferings.position), asc(partnerOfferings.id));
  return rows.map(({ slug, title, category, highlights, description, demo_url }) => ({
    slug,
    title,
    category,
    highlights,
    description,
    demo_url,
  }));
}
