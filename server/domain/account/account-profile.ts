/**
 * My Profile's data (spec part 2 §3 "Client business_profile", "Client profile"): Profile Details
 * (the user's names, role and phone, the organization's name, address and time zone) and Paid
 * Media / Ad Details (the organization's categories and website, paid_media_details' numbers,
 * service area and notification email), each read and saved for the caller's own organization.
 *
 * - Time zones are stored as IANA names (leads and reports compute days with them) and answered
 *   as the spec's codes; Arizona's America/Phoenix (set at sign-up) answers 'mt', any other zone
 *   without a code 'et'. A save that keeps the code keeps the stored zone.
 * - Categories must be known service names: an unknown one is a 422 on `categories`. Saved as
 *   names; stored labels (older records) are read as their categories.
 * - Each section has a version on the organization (profile_version, paid_media_version), raised
 *   by each save: a save made from another version is a 409 with the section now, field by field
 *   (lib/versions.ts). The organization's row is locked before the check.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type {
  BusinessProfile,
  ClientProfile,
  PaidMediaSaveBody,
  ProfileSaveBody,
  TimeZoneCode,
} from '../../../src/api/contracts/account';
import { TIME_ZONE_CODES } from '../../../src/lib/time-zone';
import type { Db } from '../../db/client';
import { paidMediaDetails } from '../../db/schema/activity-records';
import { organizationProducts, packages, products, services } from '../../db/schema/catalog';
import { organizations, users } from '../../db/schema/identity';
import { now as clockNow } from '../../lib/clock';
import { notFound, unprocessable } from '../../lib/errors';
import { checkVersion } from '../../lib/versions';

/** Zones a sign-up may give (data/us-zones.ts) that are not a code's own, answered as the nearest code. */
const NEAREST_CODE: Record<string, TimeZoneCode> = { 'America/Phoenix': 'mt' };

const codeOfZone = (zone: string): TimeZoneCode =>
  (Object.entries(TIME_ZONE_CODES).find(([, iana]) => iana === zone)?.[0] as TimeZoneCode) ??
  NEAREST_CODE[zone] ??
  'et';

/** The zone a save stores: the one stored while the code is unchanged (Phoenix stays Phoenix), else the code's. */
const zoneOfSave = (stored: string, code: TimeZoneCode) =>
  codeOfZone(stored) === code ? stored : TIME_ZONE_CODES[code];

async function userAndOrg(db: Db, userId: number, organizationId: number) {
  const [row] = await db
    .select({ user: users, org: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organization_id))
    .where(and(eq(users.id, userId), eq(users.organization_id, organizationId)));
  if (!row) throw notFound();
  return row;
}

export async function loadBusinessProfile(
  db: Db,
  userId: number,
  organizationId: number,
): Promise<BusinessProfile> {
  const { user, org } = await userAndOrg(db, userId, organizationId);
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    business_name: org.name,
    email: user.email,
    job_title: user.job_title ?? '',
    phone_number: user.phone_number ?? '',
    address: org.address ?? '',
    time_zone: codeOfZone(org.time_zone),
    version: org.profile_version,
  };
}

/** The organization's row, locked for a save of one of its sections. */
async function lockOrganization(db: Db, organizationId: number) {
  const [org] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!org) throw notFound();
  return org;
}

export async function saveBusinessProfile(
  db: Db,
  userId: number,
  organizationId: number,
  body: ProfileSaveBody,
) {
  const org = await lockOrganization(db, organizationId);
  await checkVersion(body.based_on_version, org.profile_version, async () => {
    const { email: _, version: __, ...now } = await loadBusinessProfile(db, userId, organizationId);
    return now;
  });
  await db
    .update(users)
    .set({
      first_name: body.first_name,
      last_name: body.last_name,
      job_title: body.job_title,
      phone_number: body.phone_number,
    })
    .where(eq(users.id, userId));
  await db
    .update(organizations)
    .set({
      name: body.business_name,
      address: body.address,
      time_zone: zoneOfSave(org.time_zone, body.time_zone),
      profile_version: sql`${organizations.profile_version} + 1`,
    })
    .where(eq(organizations.id, organizationId));
  return loadBusinessProfile(db, userId, organizationId);
}

/** The active packages' names ('SEO Expand, Pay Per Call'), or null when nothing is active. */
async function currentPackage(db: Db, organizationId: number): Promise<string | null> {
  const rows = await db
    .select({ product: products.name, key: products.key, packages: organizationProducts.packages })
    .from(organizationProducts)
    .innerJoin(products, eq(products.key, organizationProducts.product_key))
    .where(
      and(eq(organizationProducts.organization_id, organizationId), eq(organizationProducts.active, true)),
    )
    .orderBy(asc(products.position));
  if (rows.length === 0) return null;
  const titles = await db.select().from(packages);
  const names = rows.flatMap((row) =>
    row.packages.map((key) => {
      const title = titles.find((p) => p.product_key === row.key && p.key === key)?.title ?? key;
      return title === row.product ? title : `${row.product} ${title}`;
    }),
  );
  return names.length > 0 ? names.join(', ') : null;
}

export async function loadClientProfile(db: Db, organizationId: number): Promise<ClientProfile> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw notFound();
  const [details] = await db
    .select()
    .from(paidMediaDetails)
    .where(eq(paidMediaDetails.organization_id, organizationId));
  // Sign-up stores names; older records (and the demo seed) hold labels: both are understood.
  const known = org.categories.length
    ? await db
        .select({ name: services.name, label: services.label })
        .from(services)
        .where(or(inArray(services.name, org.categories), inArray(services.label, org.categories)))
    : [];
  const categories = org.categories.flatMap((stored) =>
    known.filter((s) => s.name === stored || s.label === stored).slice(0, 1),
  );
  return {
    logo_url: org.logo_url,
    logo_version: org.logo_version,
    package: await currentPackage(db, organizationId),
    categories_list: categories.filter((c, i) => categories.findIndex((d) => d.name === c.name) === i),
    website: org.website ?? '',
    destination_phone: details?.destination_phone ?? '',
    sms_phone: details?.sms_phone ?? '',
    service_area: details?.service_area ?? '',
    email_notification: details?.email_notification ?? '',
    version: org.paid_media_version,
  };
}

export async function savePaidMedia(db: Db, organizationId: number, body: PaidMediaSaveBody) {
  const org = await lockOrganization(db, organizationId);
  await checkVersion(body.based_on_version, org.paid_media_version, async () => {
    const {
      logo_url: _,
      logo_version: ____,
      package: __,
      categories_list,
      version: ___,
      ...now
    } = await loadClientProfile(db, organizationId);
    return { categories: categories_list.map((c) => c.name), ...now };
  });
  const names = [...new Set(body.categories)];
  const known = await db.select({ name: services.name }).from(services).where(inArray(services.name, names));
  if (known.length !== names.length) throw unprocessable({ categories: ['Unknown service category'] });
  await db
    .update(organizations)
    .set({
      categories: names,
      website: body.website || null,
      paid_media_version: sql`${organizations.paid_media_version} + 1`,
    })
    .where(eq(organizations.id, organizationId));
  const values = {
    destination_phone: body.destination_phone,
    sms_phone: body.sms_phone || null,
    service_area: body.service_area || null,
    email_notification: body.email_notification,
    updated_at: clockNow(),
  };
  await db
    .insert(paidMediaDetails)
    .values({ organization_id: organizationId, ...values })
    .onConflictDoUpdate({ target: paidMediaDetails.organization_id, set: values });
  return loadClientProfile(db, organizationId);
}
