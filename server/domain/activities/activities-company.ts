/**
 * Company details, the four-step wizard of spec part 2 §3-§5 (or the profile tab's full_form):
 * 1 quote, contact and address; 2 founder, year, size; 3 operations hours; 4 employee
 * distinctions. Each step's rules are checked here with the spec's messages; steps merge into
 * one record per organization, and the last step (or the full form) completes the task.
 *
 * - The record has a version (lib/versions.ts: 0 before the first save, raised by every step
 *   saved): a save made from another version is a 409 with the fields of the steps it names as
 *   they are now, checked after the record is locked (activities-record-lock.ts).
 */
import { eq, sql } from 'drizzle-orm';
import {
  COMPANY_MESSAGES,
  type CompanyDetail,
  type CompanyDetailsBody,
  yearTooLate,
} from '../../../src/api/contracts/tasks';
import type { Db } from '../../db/client';
import { companyDetails } from '../../db/schema/activity-records';
import { now as clockNow } from '../../lib/clock';
import { unprocessable } from '../../lib/errors';
import { checkVersion } from '../../lib/versions';
import { completeActivity, ownActivity } from './activities';
import { lockRecord } from './activities-record-lock';

/** The record's fields each step saves (the body's names). */
const STEP_FIELDS = {
  1: ['company_quote', 'first_name', 'last_name', 'title', 'business_address'],
  2: ['founder', 'established_year', 'owned', 'other_owned'],
  3: ['operations_hours'],
  4: ['emp_distinctions'],
} as const;

export async function companyDetailOf(db: Db, organizationId: number): Promise<CompanyDetail> {
  const [row] = await db
    .select()
    .from(companyDetails)
    .where(eq(companyDetails.organization_id, organizationId));
  return {
    company_quote: row?.company_quote ?? '',
    first_name: row?.first_name ?? '',
    last_name: row?.last_name ?? '',
    title: row?.title ?? '',
    business_address: row?.business_address ?? '',
    founder: row?.founder ?? '',
    established_year: row?.established_year ?? null,
    owned: row?.owned ?? [],
    other_owned: row?.other_owned ?? '',
    operations_hours: (row?.operations_hours ?? []) as CompanyDetail['operations_hours'],
    emp_distinctions: row?.emp_distinctions ?? [],
    completed_step: row?.completed_step ?? 0,
    version: row?.version ?? 0,
  };
}

type Errors = Record<string, string[]>;
const need = (errors: Errors, field: string, ok: boolean, message: string) => {
  if (!ok) errors[field] = [message];
};

export function companyStepErrors(body: CompanyDetailsBody, step: 1 | 2 | 3 | 4, year: number): Errors {
  const errors: Errors = {};
  if (step === 1) {
    need(errors, 'company_quote', Boolean(body.company_quote?.trim()), COMPANY_MESSAGES.quote);
    need(errors, 'title', Boolean(body.title?.trim()), COMPANY_MESSAGES.title);
    need(errors, 'business_address', Boolean(body.business_address?.trim()), 'This field is required*');
  } else if (step === 2) {
    const y = body.established_year;
    if (y == null) errors.established_year = [COMPANY_MESSAGES.year];
    else if (y > year) errors.established_year = [yearTooLate(year)];
    const owned = body.owned ?? [];
    if (owned.length === 0) errors.owned = [COMPANY_MESSAGES.size];
    else if (owned.includes('other') && owned.length > 1) errors.owned = ['Choose other alone'];
    else if (owned.includes('other') && !body.other_owned?.trim())
      errors.other_owned = [COMPANY_MESSAGES.otherRequired];
  } else if (step === 3) {
    const open = (body.operations_hours ?? []).filter((h) => h.is_opened && !h.is_24_hours);
    if (open.some((h) => !h.from || !h.to)) errors.operations_hours = [COMPANY_MESSAGES.hours];
  } else {
    const chosen = body.emp_distinctions ?? [];
    if (chosen.length === 0) errors.emp_distinctions = [COMPANY_MESSAGES.distinctions];
    else if (chosen.includes('not_applicable') && chosen.length > 1)
      errors.emp_distinctions = ['Not applicable excludes the other choices'];
  }
  return errors;
}

export async function saveCompanyDetails(db: Db, organizationId: number, body: CompanyDetailsBody) {
  const steps =
    body.step === 'full_form' ? ([1, 2, 3, 4] as const) : ([Number(body.step)] as [1 | 2 | 3 | 4]);
  const year = clockNow().getUTCFullYear();
  const errors = Object.assign({}, ...steps.map((s) => companyStepErrors(body, s, year))) as Errors;
  if (Object.keys(errors).length) throw unprocessable(errors);
  const locked = await lockRecord(db, organizationId, async () => {
    const [row] = await db
      .select({ version: companyDetails.version })
      .from(companyDetails)
      .where(eq(companyDetails.organization_id, organizationId))
      .for('update');
    return row;
  });
  await checkVersion(body.based_on_version, locked?.version ?? 0, async () => {
    const now = await companyDetailOf(db, organizationId);
    return Object.fromEntries(steps.flatMap((s) => STEP_FIELDS[s]).map((name) => [name, now[name]]));
  });
  const values: Partial<typeof companyDetails.$inferInsert> = {};
  for (const step of steps) {
    if (step === 1)
      Object.assign(values, {
        company_quote: body.company_quote,
        first_name: body.first_name ?? null,
        last_name: body.last_name ?? null,
        title: body.title,
        business_address: body.business_address,
      });
    if (step === 2)
      Object.assign(values, {
        founder: body.founder ?? null,
        established_year: body.established_year,
        owned: body.owned,
        other_owned: body.owned?.includes('other') ? body.other_owned : null,
      });
    if (step === 3)
      values.operations_hours = (body.operations_hours ?? []).map((h) =>
        h.is_opened && !h.is_24_hours ? h : { ...h, from: null, to: null },
      );
    if (step === 4) values.emp_distinctions = body.emp_distinctions;
  }
  const last = steps[steps.length - 1];
  const activityId =
    last === 4
      ? await completeActivity(db, organizationId, body.activity_id, ['company_details'])
      : body.activity_id
        ? (await ownActivity(db, organizationId, body.activity_id)).id
        : null;
  const current = (await companyDetailOf(db, organizationId)).completed_step;
  values.completed_step = Math.max(current, last);
  await db
    .insert(companyDetails)
    .values({ organization_id: organizationId, activity_id: activityId, ...values })
    .onConflictDoUpdate({
      target: companyDetails.organization_id,
      set: { ...values, version: sql`${companyDetails.version} + 1`, updated_at: clockNow() },
    });
  return companyDetailOf(db, organizationId);
}
