/**
 * The user as the client's session store holds it (spec part 1 §3): name, business, platforms
 * (the distinct platforms of the organization's linked accounts), business profile and tabs.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { businessProfiles, organizations, users } from '../db/schema/identity';
import { accounts, tabs } from '../db/schema/shell';

export async function loadSessionUser(db: Db, userId: number) {
  const [row] = await db
    .select({ user: users, org: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organization_id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const platformRows = await db
    .selectDistinct({ platform: accounts.platform })
    .from(accounts)
    .where(eq(accounts.organization_id, row.org.id))
    .orderBy(asc(accounts.platform));
  const [profile] = await db.select().from(businessProfiles).where(eq(businessProfiles.user_id, userId));
  return {
    row,
    user: {
      first_name: row.user.first_name,
      last_name: row.user.last_name,
      email: row.user.email,
      job_title: row.user.job_title,
      business_name: row.org.name,
      platforms: platformRows.map((p) => ({ platform: p.platform as never })),
    },
    business_profile: profile
      ? {
          call_transfer_phone_number: profile.call_transfer_phone_number,
          email_notification: profile.email_notification,
          sms_notification: profile.sms_notification,
        }
      : null,
  };
}

export async function loadTabs(db: Db, userId: number) {
  const rows = await db.select().from(tabs).where(eq(tabs.user_id, userId)).orderBy(asc(tabs.position));
  return rows.map((t) =>
    t.subtabs?.length ? { name: t.name, url: t.url, subtabs: t.subtabs } : { name: t.name, url: t.url },
  );
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
