/**
 * Insurance verification and its two renewals (spec part 2 §3-§5, §7): expiration dates and
 * certificates (files with purpose general_liability / workers_comp).
 *
 * - A past date (before the customer's today, org-today.ts) is refused at the time of the request; renewals replace the date and add the
 *   new certificate, keeping the old ones listed.
 */
import { eq } from 'drizzle-orm';
import {
  INSURANCE_MESSAGES,
  type Insurance,
  type VerifyInsuranceBody,
} from '../../../src/api/contracts/tasks';
import type { Db } from '../../db/client';
import { insurances } from '../../db/schema/activity-records';
import { now as clockNow } from '../../lib/clock';
import { unprocessable } from '../../lib/errors';
import { orgToday } from '../account/org-today';
import { attachFiles, filesOf, toFileRecord } from '../storage/uploads';
import { completeActivity } from './activities';

export async function insuranceOf(db: Db, organizationId: number): Promise<Insurance> {
  const [row] = await db.select().from(insurances).where(eq(insurances.organization_id, organizationId));
  return {
    general_expiration_date: row?.general_expiration_date ?? null,
    general_liability_insurance_certificate: (await filesOf(db, organizationId, 'general_liability')).map(
      toFileRecord,
    ),
    workers_compensation: row?.workers_compensation ?? false,
    workers_comp_expiration_date: row?.workers_comp_expiration_date ?? null,
    workers_compensation_policies: (await filesOf(db, organizationId, 'workers_comp')).map(toFileRecord),
    activity_id: row?.activity_id ?? null,
  };
}

const pastErrors = (dates: Record<string, string | null | undefined>, today: string) => {
  const errors: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(dates))
    if (value && value < today) errors[field] = [INSURANCE_MESSAGES.datePast];
  return errors;
};

async function save(db: Db, organizationId: number, values: Partial<typeof insurances.$inferInsert>) {
  await db
    .insert(insurances)
    .values({ organization_id: organizationId, ...values })
    .onConflictDoUpdate({ target: insurances.organization_id, set: { ...values, updated_at: clockNow() } });
}

function needFiles(ids: string[] | undefined, field: string, errors: Record<string, string[]>) {
  if (!ids?.length) errors[field] = ['Please upload a file'];
}

export async function verifyInsurance(db: Db, organizationId: number, body: VerifyInsuranceBody) {
  const errors = pastErrors(
    {
      general_expiration_date: body.general_expiration_date,
      workers_comp_expiration_date: body.workers_compensation ? body.workers_comp_expiration_date : null,
    },
    await orgToday(db, organizationId),
  );
  needFiles(body.general_liability_insurance_certificate, 'general_liability_insurance_certificate', errors);
  if (body.workers_compensation) {
    if (!body.workers_comp_expiration_date)
      errors.workers_comp_expiration_date = [INSURANCE_MESSAGES.dateRequired];
    needFiles(body.workers_compensation_policies, 'workers_compensation_policies', errors);
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  const activityId = await completeActivity(db, organizationId, body.activity_id, ['verify_insurance']);
  await attachFiles(
    db,
    organizationId,
    body.general_liability_insurance_certificate,
    'general_liability',
    activityId,
    'general_liability_insurance_certificate',
  );
  if (body.workers_compensation)
    await attachFiles(
      db,
      organizationId,
      body.workers_compensation_policies ?? [],
      'workers_comp',
      activityId,
      'workers_compensation_policies',
    );
  await save(db, organizationId, {
    activity_id: activityId,
    general_expiration_date: body.general_expiration_date,
    workers_compensation: body.workers_compensation,
    workers_comp_expiration_date: body.workers_compensation
      ? (body.workers_comp_expiration_date ?? null)
      : null,
  });
  return { insurance: await insuranceOf(db, organizationId), message: INSURANCE_MESSAGES.updated };
}

export async function renewInsurance(
  db: Db,
  organizationId: number,
  kind: 'general' | 'workers',
  date: string,
  certificates: string[],
  activityRef: number | null | undefined,
) {
  const field = kind === 'general' ? 'general_expiration_date' : 'workers_comp_expiration_date';
  const filesField =
    kind === 'general' ? 'general_liability_insurance_certificate' : 'workers_compensation_policies';
  const errors = pastErrors({ [field]: date }, await orgToday(db, organizationId));
  needFiles(certificates, filesField, errors);
  if (Object.keys(errors).length) throw unprocessable(errors);
  const activityId = await completeActivity(db, organizationId, activityRef, [
    kind === 'general' ? 'renew_general_insurance' : 'renew_workers_comp_insurance',
  ]);
  await attachFiles(
    db,
    organizationId,
    certificates,
    kind === 'general' ? 'general_liability' : 'workers_comp',
    activityId,
    filesField,
  );
  await save(
    db,
    organizationId,
    kind === 'general'
      ? { general_expiration_date: date }
      : { workers_compensation: true, workers_comp_expiration_date: date },
  );
  return {
    insurance: await insuranceOf(db, organizationId),
    message: kind === 'general' ? INSURANCE_MESSAGES.general : INSURANCE_MESSAGES.workers,
  };
}
