/**
 * Business details (offers, guarantees, accolades) and service details (two steps or the full
 * form) of spec part 2 §3-§5, §7: one record per organization, written by the task modal or the
 * profile tab (no activity then).
 *
 * - Service details: step 1 holds product, job requirement and estimate fee (the detail dropped
 *   when the fee is 'no'); step 2 the services offered and not offered; full_form all of them.
 *   Each step's required fields are checked here (422 naming them).
 * - Each record has a version (lib/versions.ts: 0 before the first save, raised by every save): a
 *   save made from another version is a 409 with the record now (for service details, the fields
 *   of the steps the save names), checked after the record is locked (activities-record-lock.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { BusinessDetailsBody, ServiceDetailsBody } from '../../../src/api/contracts/tasks';
import type { Db } from '../../db/client';
import { businessDetails, serviceDetails } from '../../db/schema/activity-records';
import { now as clockNow } from '../../lib/clock';
import { unprocessable } from '../../lib/errors';
import { checkVersion } from '../../lib/versions';
import { completeActivity, ownActivity } from './activities';
import { lockRecord } from './activities-record-lock';

const STEP_FIELDS = {
  first: ['product', 'job_requirement', 'estimate_fee', 'estimate_fee_detail'],
  second: ['services_offered', 'services_not_offered'],
} as const;

export async function businessDetailOf(db: Db, organizationId: number) {
  const [row] = await db
    .select()
    .from(businessDetails)
    .where(eq(businessDetails.organization_id, organizationId));
  return {
    special_offers: row?.special_offers ?? '',
    guarantees: row?.guarantees ?? '',
    accolades: row?.accolades ?? '',
    version: row?.version ?? 0,
  };
}

export async function saveBusinessDetails(db: Db, organizationId: number, body: BusinessDetailsBody) {
  const locked = await lockRecord(db, organizationId, async () => {
    const [row] = await db
      .select({ version: businessDetails.version })
      .from(businessDetails)
      .where(eq(businessDetails.organization_id, organizationId))
      .for('update');
    return row;
  });
  await checkVersion(body.based_on_version, locked?.version ?? 0, async () => {
    const { version: _, ...now } = await businessDetailOf(db, organizationId);
    return now;
  });
  const values = {
    special_offers: body.special_offers.trimStart(),
    guarantees: body.guarantees.trimStart(),
    accolades: body.accolades.trimStart(),
  };
  if (!values.special_offers && !values.guarantees && !values.accolades)
    throw unprocessable({ special_offers: ['This field is required*'] });
  const activityId = await completeActivity(db, organizationId, body.activity_id, ['business_details']);
  await db
    .insert(businessDetails)
    .values({ organization_id: organizationId, activity_id: activityId, ...values })
    .onConflictDoUpdate({
      target: businessDetails.organization_id,
      set: { ...values, version: sql`${businessDetails.version} + 1`, updated_at: clockNow() },
    });
  return businessDetailOf(db, organizationId);
}

export async function serviceDetailOf(db: Db, organizationId: number) {
  const [row] = await db
    .select()
    .from(serviceDetails)
    .where(eq(serviceDetails.organization_id, organizationId));
  return {
    product: row?.product ?? null,
    job_requirement: row?.job_requirement ?? null,
    estimate_fee: (row?.estimate_fee ?? null) as 'yes' | 'some' | 'no' | null,
    estimate_fee_detail: row?.estimate_fee_detail ?? null,
    services_offered: row?.services_offered ?? null,
    services_not_offered: row?.services_not_offered ?? null,
    version: row?.version ?? 0,
  };
}

export async function saveServiceDetails(db: Db, organizationId: number, body: ServiceDetailsBody) {
  const first = body.step === '1' || body.step === 'full_form';
  const second = body.step === '2' || body.step === 'full_form';
  const locked = await lockRecord(db, organizationId, async () => {
    const [row] = await db
      .select({ version: serviceDetails.version })
      .from(serviceDetails)
      .where(eq(serviceDetails.organization_id, organizationId))
      .for('update');
    return row;
  });
  await checkVersion(body.based_on_version, locked?.version ?? 0, async () => {
    const now = await serviceDetailOf(db, organizationId);
    const names = [...(first ? STEP_FIELDS.first : []), ...(second ? STEP_FIELDS.second : [])];
    return Object.fromEntries(names.map((name) => [name, now[name]]));
  });
  const errors: Record<string, string[]> = {};
  const required = 'This field is required*';
  const values: Partial<typeof serviceDetails.$inferInsert> = {};
  if (first) {
    if (!body.job_requirement?.trim()) errors.job_requirement = [required];
    if (!body.estimate_fee) errors.estimate_fee = [required];
    else if (body.estimate_fee !== 'no' && !body.estimate_fee_detail?.trim())
      errors.estimate_fee_detail = [required];
    Object.assign(values, {
      product: body.product ?? null,
      job_requirement: body.job_requirement,
      estimate_fee: body.estimate_fee,
      estimate_fee_detail: body.estimate_fee === 'no' ? null : body.estimate_fee_detail,
    });
  }
  if (second) {
    if (!body.services_offered?.trim()) errors.services_offered = [required];
    Object.assign(values, {
      services_offered: body.services_offered,
      services_not_offered: body.services_not_offered ?? null,
    });
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  // The task is done when its last step (or the full form) is saved.
  const activityId = second
    ? await completeActivity(db, organizationId, body.activity_id, ['service_details'])
    : body.activity_id
      ? (await ownActivity(db, organizationId, body.activity_id)).id
      : null;
  await db
    .insert(serviceDetails)
    .values({ organization_id: organizationId, activity_id: activityId, ...values })
    .onConflictDoUpdate({
      target: serviceDetails.organization_id,
      set: { ...values, version: sql`${serviceDetails.version} + 1`, updated_at: clockNow() },
    });
  return serviceDetailOf(db, organizationId);
}
