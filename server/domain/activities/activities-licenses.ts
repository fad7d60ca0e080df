/**
 * License verification and renewal (spec part 2 §3-§5, §7): the Yes/No "license required"
 * answer, license records with their file, renewals of an expired license, and deletion.
 *
 * - Expiration dates are checked against the customer's today (the organization's zone, org-today.ts)
 *   at the time of the request (an offline submission replayed later is judged then).
 * - A license's file must be the caller's own uploaded file (uploads.ts attachFiles).
 */
import { and, eq, isNull } from 'drizzle-orm';
import {
  LICENSE_MESSAGES,
  type License,
  type LicensesResponse,
  type RenewLicenseBody,
  type VerifyLicenseBody,
} from '../../../src/api/contracts/tasks';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/activities';
import { insurances, licenses } from '../../db/schema/activity-records';
import { now as clockNow } from '../../lib/clock';
import { notFound, unprocessable } from '../../lib/errors';
import { orgToday } from '../account/org-today';
import { attachFiles } from '../storage/uploads';
import { completeActivity } from './activities';

async function toLicenses(db: Db, organizationId: number, id?: number): Promise<License[]> {
  const rows = await db
    .select({ license: licenses, file: files })
    .from(licenses)
    .leftJoin(files, and(eq(files.id, licenses.file_id), isNull(files.deleted_at)))
    .where(
      and(
        eq(licenses.organization_id, organizationId),
        isNull(licenses.deleted_at),
        id ? eq(licenses.id, id) : undefined,
      ),
    )
    .orderBy(licenses.id);
  const today = await orgToday(db, organizationId);
  return rows.map(({ license, file }) => ({
    id: license.id,
    ref_id: license.ref_id,
    name: license.name,
    type: license.type,
    number: license.number,
    expiration_date: license.expiration_date,
    view_name: license.view_name,
    is_expired: license.expiration_date < today,
    activity_id: license.activity_id,
    file: file ? { id: file.id, filename: file.filename, byte_size: file.byte_size } : null,
  }));
}

export async function licensesOf(db: Db, organizationId: number): Promise<LicensesResponse> {
  const [row] = await db.select().from(insurances).where(eq(insurances.organization_id, organizationId));
  return { license_required: row?.license_required ?? null, licenses: await toLicenses(db, organizationId) };
}

export async function ownLicense(db: Db, organizationId: number, id: number): Promise<License> {
  const [license] = await toLicenses(db, organizationId, id);
  if (!license) throw notFound('License not found');
  return license;
}

function checkDate(date: string | undefined, today: string, errors: Record<string, string[]>) {
  if (!date) errors.expiration_date = [LICENSE_MESSAGES.dateRequired];
  else if (date < today) errors.expiration_date = [LICENSE_MESSAGES.datePast];
}

async function setLicenseRequired(
  db: Db,
  organizationId: number,
  required: boolean,
  activityId: number | null,
) {
  await db
    .insert(insurances)
    .values({ organization_id: organizationId, license_required: required, activity_id: activityId })
    .onConflictDoUpdate({
      target: insurances.organization_id,
      set: { license_required: required, updated_at: clockNow() },
    });
}

async function insertLicense(
  db: Db,
  organizationId: number,
  values: { name: string; type: string; number: string; expiration_date: string; file: string },
  activityId: number | null,
  renewsId: number | null,
) {
  const [file] = await attachFiles(db, organizationId, [values.file], 'license', activityId, 'file');
  const [row] = await db
    .insert(licenses)
    .values({
      organization_id: organizationId,
      activity_id: activityId,
      ref_id: 'pending',
      name: values.name.trim(),
      type: values.type.trim(),
      number: values.number.trim(),
      expiration_date: values.expiration_date,
      view_name: `${values.type.trim()} - ${values.number.trim()}`,
      file_id: file.id,
      renews_id: renewsId,
    })
    .returning();
  await db
    .update(licenses)
    .set({ ref_id: `LIC-${1000 + row.id}` })
    .where(eq(licenses.id, row.id));
  return row.id;
}

export async function verifyLicense(db: Db, organizationId: number, body: VerifyLicenseBody) {
  const activityId = await completeActivity(db, organizationId, body.activity_id, ['verify_license']);
  if (body.license_required === 0) {
    await setLicenseRequired(db, organizationId, false, activityId);
    return licensesOf(db, organizationId);
  }
  const errors: Record<string, string[]> = {};
  if (!body.name?.trim()) errors.name = [LICENSE_MESSAGES.nameRequired];
  if (!body.type?.trim()) errors.type = [LICENSE_MESSAGES.typeRequired];
  if (!body.number?.trim()) errors.number = [LICENSE_MESSAGES.numberRequired];
  checkDate(body.expiration_date, await orgToday(db, organizationId), errors);
  if (!body.file) errors.file = ['Please upload a file'];
  if (Object.keys(errors).length) throw unprocessable(errors);
  await setLicenseRequired(db, organizationId, true, activityId);
  await insertLicense(
    db,
    organizationId,
    body as Required<Pick<VerifyLicenseBody, 'name' | 'type' | 'number' | 'expiration_date'>> & {
      file: string;
    },
    activityId,
    null,
  );
  return licensesOf(db, organizationId);
}

export async function renewLicense(db: Db, organizationId: number, ref: string, body: RenewLicenseBody) {
  const [old] = await db
    .select()
    .from(licenses)
    .where(
      and(
        eq(licenses.organization_id, organizationId),
        eq(licenses.ref_id, ref),
        isNull(licenses.deleted_at),
      ),
    );
  if (!old) throw notFound('License not found');
  const errors: Record<string, string[]> = {};
  checkDate(body.expiration_date, await orgToday(db, organizationId), errors);
  if (Object.keys(errors).length) throw unprocessable(errors);
  const activityId = await completeActivity(db, organizationId, body.activity_id, ['renew_license']);
  const id = await insertLicense(db, organizationId, { ...body, type: old.type }, activityId, old.id);
  return ownLicense(db, organizationId, id);
}

export async function deleteLicense(db: Db, organizationId: number, id: number): Promise<License> {
  const license = await ownLicense(db, organizationId, id);
  await db.update(licenses).set({ deleted_at: clockNow() }).where(eq(licenses.id, id));
  return license;
}
