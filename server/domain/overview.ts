/** The Overview's widgets besides the task list: the account manager (spec part 2 §2, part 3 §7). */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountManagers, organizationSettings } from '../db/schema/catalog';

export async function accountManagerOf(db: Db, organizationId: number) {
  const [row] = await db
    .select({ name: accountManagers.name, email: accountManagers.email, avatar: accountManagers.avatar })
    .from(organizationSettings)
    .innerJoin(accountManagers, eq(accountManagers.id, organizationSettings.account_manager_id))
    .where(eq(organizationSettings.organization_id, organizationId));
  return row ?? null;
}
