/**
 * The Overview's widgets besides the task list (spec part 2 §2, part 3 §7): the account manager,
 * the upsell carousel's cards (everyone's and the organization's own) and website grade requests.
 */
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountManagers, organizationSettings, upsells } from '../../db/schema/catalog';
import { gradeRequests } from '../../db/schema/signup';

export async function accountManagerOf(db: Db, organizationId: number) {
  const [row] = await db
    .select({ name: accountManagers.name, email: accountManagers.email, avatar: accountManagers.avatar })
    .from(organizationSettings)
    .innerJoin(accountManagers, eq(accountManagers.id, organizationSettings.account_manager_id))
    .where(eq(organizationSettings.organization_id, organizationId));
  return row ?? null;
}

export async function upsellsOf(db: Db, organizationId: number) {
  const rows = await db
    .select()
    .from(upsells)
    .where(
      and(
        eq(upsells.active, true),
        or(isNull(upsells.organization_id), eq(upsells.organization_id, organizationId)),
      ),
    )
    .orderBy(asc(upsells.position), asc(upsells.id));
  return rows.map(({ id, organization_id: _org, position: _position, ...card }) => ({
    ...card,
    id: String(id),
  }));
}

/** A website grade request (the report itself is prepared later, outside this server). */
export async function requestGrade(db: Db, userId: number, url: string) {
  await db.insert(gradeRequests).values({ user_id: userId, url: url.trim() });
}
