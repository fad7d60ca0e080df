/**
 * The quarterly SEO content plan (approve or decline), brand assets (own uploads or stock) and
 * the logo (spec part 2 §3-§5, §7).
 *
 * - seo_content: the decision is recorded on every pending item of the plan (status, decided_at)
 *   and completes the task.
 * - brand assets: use_stock, or files (signed ids of the caller's uploads) added to the list.
 * - logo: an uploaded PNG/JPEG file becomes the organization's logo_url (served by the logo route).
 *   The logo has a version (organizations.logo_version, raised by each upload or removal): a
 *   change made from another version is a 409 with the logo now as {logo: its file name, or null},
 *   checked after the organization's row is locked (lib/versions.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { BRAND_MESSAGES, LOGO_MESSAGES } from '../../../src/api/contracts/tasks';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/activities';
import { brandAssetSettings, seoContentItems } from '../../db/schema/activity-records';
import { organizations } from '../../db/schema/identity';
import { now as clockNow } from '../../lib/clock';
import { notFound, unprocessable } from '../../lib/errors';
import { checkVersion } from '../../lib/versions';
import { attachFiles, filesOf, toFileRecord } from '../storage/uploads';
import { completeActivity } from './activities';

export async function seoContentOf(db: Db, organizationId: number) {
  const rows = await db
    .select()
    .from(seoContentItems)
    .where(eq(seoContentItems.organization_id, organizationId))
    .orderBy(seoContentItems.month, seoContentItems.id);
  return rows.map((r) => ({ id: r.id, month: r.month, data: r.data, status: r.status }));
}

export async function decideSeoContent(
  db: Db,
  organizationId: number,
  status: 'decline' | 'approved',
  activityRef: number | null | undefined,
) {
  await completeActivity(db, organizationId, activityRef, ['seo_content']);
  await db
    .update(seoContentItems)
    .set({ status, decided_at: clockNow() })
    .where(and(eq(seoContentItems.organization_id, organizationId), eq(seoContentItems.status, 'pending')));
  return seoContentOf(db, organizationId);
}

export async function brandAssetsOf(db: Db, organizationId: number) {
  const [settings] = await db
    .select()
    .from(brandAssetSettings)
    .where(eq(brandAssetSettings.organization_id, organizationId));
  return {
    files: (await filesOf(db, organizationId, 'brand_asset')).map(toFileRecord),
    use_stock: settings?.use_stock ?? false,
  };
}

export async function saveBrandAssets(
  db: Db,
  organizationId: number,
  body: { use_stock?: boolean; files?: string[]; activity_id?: number | null },
) {
  const useStock = body.use_stock === true;
  if (!useStock && !body.files?.length) throw unprocessable({ files: ['No new assets to be uploaded'] });
  const activityId = await completeActivity(db, organizationId, body.activity_id, ['brand_assets']);
  if (!useStock) await attachFiles(db, organizationId, body.files ?? [], 'brand_asset', activityId, 'files');
  await db
    .insert(brandAssetSettings)
    .values({ organization_id: organizationId, use_stock: useStock })
    .onConflictDoUpdate({
      target: brandAssetSettings.organization_id,
      set: { use_stock: useStock, updated_at: clockNow() },
    });
  return { ...(await brandAssetsOf(db, organizationId)), message: BRAND_MESSAGES.uploaded };
}

/** The logo's address: unguessable (its signed id), so an <img> can load it without headers. */
export const logoUrl = (signedId: string) => `/api/v1/logos/${encodeURIComponent(signedId)}`;

/**
 * Locks the organization's row and refuses a logo change made from another version than its
 * logo's (`basedOn` undefined: an older client, applied as before).
 */
async function checkLogoVersion(db: Db, organizationId: number, basedOn: number | undefined) {
  const [org] = await db
    .select({ logo_url: organizations.logo_url, logo_version: organizations.logo_version })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!org) throw notFound();
  await checkVersion(basedOn, org.logo_version, async () => {
    if (!org.logo_url) return { logo: null };
    const signedId = decodeURIComponent(org.logo_url.split('/').pop() ?? '');
    const [file] = await db
      .select({ filename: files.filename })
      .from(files)
      .where(and(eq(files.organization_id, organizationId), eq(files.signed_id, signedId)));
    return { logo: file?.filename ?? 'Current logo' };
  });
}

const raisedLogoVersion = () => sql`${organizations.logo_version} + 1`;

export async function saveLogo(
  db: Db,
  organizationId: number,
  signedId: string,
  activityRef?: number | null,
  basedOn?: number,
) {
  await checkLogoVersion(db, organizationId, basedOn);
  const activityId = await completeActivity(db, organizationId, activityRef, ['upload_logo']);
  const [file] = await attachFiles(db, organizationId, [signedId], 'logo', activityId, 'logo');
  if (file.content_type === 'application/pdf')
    throw unprocessable({ logo: ['Only images (PNG/JPEG) are allowed'] });
  const url = logoUrl(file.signed_id);
  await db
    .update(organizations)
    .set({ logo_url: url, logo_version: raisedLogoVersion() })
    .where(eq(organizations.id, organizationId));
  return { logo_url: url, message: LOGO_MESSAGES.updated };
}

export async function removeLogo(db: Db, organizationId: number, basedOn?: number) {
  await checkLogoVersion(db, organizationId, basedOn);
  await db
    .update(organizations)
    .set({ logo_url: null, logo_version: raisedLogoVersion() })
    .where(eq(organizations.id, organizationId));
  return { logo_url: null, message: LOGO_MESSAGES.removed };
}
