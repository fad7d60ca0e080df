/**
 * Linked accounts looked up by platform and by user:
 * - GET /client/{platform}/accounts (spec part 1 §7, part 2 §7): the caller's organization's
 *   accounts on one platform, with ref_id and name (and the platform, as GET /campaign/accounts,
 *   which older clients still call, answers them). A platform the spec does not name is a 404.
 * - For the dev helpers: the accounts (locations) of the user with an email, so a test can make a
 *   lead arrive on one of them.
 */
import { and, asc, eq } from 'drizzle-orm';
import { Platform } from '../../../src/api/contracts/session';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import { accounts } from '../../db/schema/shell';
import { notFound } from '../../lib/errors';

const PLATFORMS = new Set<string>(Object.keys(Platform.schema));

/** The organization's accounts on `platform`, by name; 404 for a platform that does not exist. */
export async function platformAccounts(db: Db, organizationId: number, platform: string) {
  if (!PLATFORMS.has(platform)) throw notFound('Platform not found');
  return db
    .select({ ref_id: accounts.ref_id, name: accounts.name, platform: accounts.platform })
    .from(accounts)
    .where(and(eq(accounts.organization_id, organizationId), eq(accounts.platform, platform)))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

/** The accounts of the user's organization; null when there is no such user. */
export async function accountsOfUser(db: Db, email: string) {
  const [user] = await db
    .select({ organization_id: users.organization_id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  if (!user) return null;
  return db.select().from(accounts).where(eq(accounts.organization_id, user.organization_id));
}
