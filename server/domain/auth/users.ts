/**
 * The user as the client's session store holds it (spec part 1 §3): name, business, platforms
 * (the distinct platforms of the organization's linked accounts), business profile and tabs.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { reviewTypes } from '../../db/schema/catalog';
import { businessProfiles, organizations, users } from '../../db/schema/identity';
import { accounts, tabs } from '../../db/schema/shell';
import { nowMs } from '../../lib/clock';
import { cachedByVersion } from '../../lib/version-cache';

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

/** The review reasons: a reference list read once per database and held (it changes only with a
 *  deploy or a seed); re-read after REFERENCE_TTL_MS so a change made in the database shows up. */
const REFERENCE_TTL_MS = 5 * 60_000;
const reviewTypeCache = new WeakMap<Db, { at: number; rows: Promise<ReviewTypeItem[]> }>();
type ReviewTypeItem = { id: number; key: string; name: string };

function cachedReviewTypes(db: Db): Promise<ReviewTypeItem[]> {
  const held = reviewTypeCache.get(db);
  if (held && nowMs() - held.at < REFERENCE_TTL_MS) return held.rows;
  const rows = db
    .select()
    .from(reviewTypes)
    .orderBy(asc(reviewTypes.position), asc(reviewTypes.id))
    .then((types) => types.map((t) => ({ id: t.id, key: t.key, name: t.label })));
  reviewTypeCache.set(db, { at: nowMs(), rows });
  rows.catch(() => reviewTypeCache.delete(db)); // a failed read is not held
  return rows;
}

type SettingsRow = {
  tabs: { name: string; url: string; subtabs: { name: string; path: string }[] | null }[];
  platforms: string[];
  media: string[];
};

/** The caller's organization as the auth lookup read it (plugins/auth.ts). */
export type SettingsCaller = {
  userId: number;
  organizationId: number;
  timeZone: string;
  showRevconnect: boolean;
  /** Keys the settings held in memory (lib/version-cache.ts); none: read every time. */
  settingsVersion?: number;
};

/**
 * GET /user/settings: the shell's tabs, platforms, review reasons, time zone and media types.
 * One statement (tabs, platforms and media types as JSON subqueries, each in the order the
 * separate reads had); the organization's fields come with the auth lookup, the review reasons
 * from memory. That statement's answer is held per user and the organization's settings_version
 * (bumped by triggers on tabs, accounts and campaigns): a repeated read runs the auth lookup only.
 */
export async function loadUserSettings(db: Db, caller: SettingsCaller) {
  const read = () => readSettingsRow(db, caller);
  const version = caller.settingsVersion;
  const [row, types] = await Promise.all([
    version === undefined
      ? read()
      : cachedByVersion(db, `settings|${caller.organizationId}|${version}|${caller.userId}`, read),
    cachedReviewTypes(db),
  ]);
  return {
    tabs: row.tabs.map((t) =>
      t.subtabs?.length ? { name: t.name, url: t.url, subtabs: t.subtabs } : { name: t.name, url: t.url },
    ),
    platforms: row.platforms.map((platform) => ({ platform: platform as never })),
    review_types: types,
    time_zone: caller.timeZone,
    providers: row.media.map((media_type) => ({ media_type })),
    show_revconnect: caller.showRevconnect,
  };
}

async function readSettingsRow(db: Db, caller: SettingsCaller): Promise<SettingsRow> {
  const query = sql`select
    (select coalesce(json_agg(json_build_object('name', ${tabs.name}, 'url', ${tabs.url}, 'subtabs', ${tabs.subtabs})
       order by ${tabs.position}), '[]'::json) from ${tabs} where ${tabs.user_id} = ${caller.userId}) as tabs,
    (select coalesce(json_agg(p.platform order by p.platform), '[]'::json)
       from (select distinct ${accounts.platform} as platform from ${accounts}
             where ${accounts.organization_id} = ${caller.organizationId}) p) as platforms,
    (select coalesce(json_agg(m.media_type order by m.media_type), '[]'::json)
       from (select distinct ${campaigns.media_type} as media_type from ${campaigns}
             inner join ${accounts} on ${accounts.id} = ${campaigns.account_id}
             where ${accounts.organization_id} = ${caller.organizationId}) m) as media`;
  const [row] = await rowsOf<SettingsRow>(db, query);
  return row;
}
