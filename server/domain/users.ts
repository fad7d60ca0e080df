/**
 * The user as the client's session store holds it (spec part 1 §3): name, business, platforms
 * (the distinct platforms of the organization's linked accounts), business profile and tabs.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { reviewTypes } from '../db/schema/catalog';
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

/** GET /user/settings: the shell's tabs, platforms, review reasons, time zone and media types. */
export async function loadUserSettings(db: Db, userId: number, organizationId: number) {
  const loaded = await loadSessionUser(db, userId);
  if (!loaded) return null;
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  const [types, media] = await Promise.all([
    db.select().from(reviewTypes).orderBy(asc(reviewTypes.position), asc(reviewTypes.id)),
    db
      .selectDistinct({ media_type: campaigns.media_type })
      .from(campaigns)
      .innerJoin(accounts, eq(accounts.id, campaigns.account_id))
      .where(eq(accounts.organization_id, organizationId))
      .orderBy(asc(campaigns.media_type)),
  ]);
  return {
    tabs: await loadTabs(db, userId),
    platforms: loaded.user.platforms,
    review_types: types.map((t) => ({ id: t.id, key: t.key, name: t.label })),
    time_zone: org.time_zone,
    providers: media,
    show_revconnect: org.show_revconnect,
  };
}
