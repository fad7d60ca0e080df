/**
 * The Activity Manager's tasks (spec part 2 §2-§4, §7): the paginated list with search, status
 * filter and sorting, marking a task viewed, completing the task a submission came from, and
 * POST /activities/set_activities (the list brought up to date with the records on load).
 *
 * - Every query is scoped to the caller's organization: another customer's activity is not found.
 * - Sorting is offered on status and due_date only; ties fall back to the seeded position, then id.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  ACTIVITIES_PAGE_SIZE,
  type ActivitiesQuery,
  type ActivitiesResponse,
  type Activity,
  type ActivityStatus,
  STATUS_LABELS,
} from '../../../src/api/contracts/activities';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema/activities';
import { insurances, licenses } from '../../db/schema/activity-records';
import { organizationSettings } from '../../db/schema/catalog';
import { organizations } from '../../db/schema/identity';
import { now as clockNow } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { orgToday } from '../account/org-today';

type Row = typeof activities.$inferSelect;

export function toActivity(row: Row): Activity {
  const status = row.status as ActivityStatus;
  return {
    id: row.id,
    name: row.name,
    status,
    status_lable: STATUS_LABELS[status] ?? row.status,
    team_members: row.team_members,
    service: row.service,
    category: row.category,
    due_date: row.due_date,
    klass: row.klass === 'danger' || row.klass === 'success' ? row.klass : null,
    viewed: row.viewed,
    cta: row.cta as Activity['cta'],
    key: row.key,
    index: row.index,
    action: row.action,
    ref_id: row.ref_id,
    object_id: row.object_id,
    show_multiple_destination_phones: row.show_multiple_destination_phones,
    description: row.description ?? null,
  };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function seoMode(db: Db, organizationId: number): Promise<boolean> {
  const [row] = await db
    .select({ seo: organizationSettings.seo_active })
    .from(organizationSettings)
    .where(eq(organizationSettings.organization_id, organizationId));
  return row?.seo ?? false;
}

export async function listActivities(
  db: Db,
  organizationId: number,
  query: ActivitiesQuery,
): Promise<ActivitiesResponse> {
  const where: SQL[] = [eq(activities.organization_id, organizationId)];
  const search = query.search?.trim();
  if (search) {
    const like = `%${escapeLike(search)}%`;
    where.push(
      or(
        ilike(activities.name, like),
        ilike(activities.service, like),
        ilike(activities.category, like),
      ) as SQL,
    );
  }
  const statuses = (query.status ?? '').split(',').filter(Boolean);
  if (statuses.length) where.push(inArray(activities.status, statuses));
  const condition = and(...where);
  const [{ total }] = await db.select({ total: count() }).from(activities).where(condition);
  const direction = query.sort_order === 'desc' ? desc : asc;
  const order = query.sort_by
    ? [direction(query.sort_by === 'status' ? activities.status : activities.due_date)]
    : [];
  const totalPages = Math.max(1, Math.ceil(total / ACTIVITIES_PAGE_SIZE));
  const page = Math.min(query.page, totalPages);
  const rows = await db
    .select()
    .from(activities)
    .where(condition)
    .orderBy(...order, asc(activities.position), asc(activities.id))
    .limit(ACTIVITIES_PAGE_SIZE)
    .offset((page - 1) * ACTIVITIES_PAGE_SIZE);
  const from = total === 0 ? 0 : (page - 1) * ACTIVITIES_PAGE_SIZE + 1;
  return {
    data: rows.map(toActivity),
    total_records: total,
    current_page: page,
    total_pages: totalPages,
    showing_from: from,
    showing_to: total === 0 ? 0 : from + rows.length - 1,
    seo_mode: await seoMode(db, organizationId),
  };
}

export async function ownActivity(db: Db, organizationId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.organization_id, organizationId)));
  if (!row) throw notFound('Activity not found');
  return row;
}

export async function markViewed(db: Db, organizationId: number, id: number): Promise<Activity> {
  await ownActivity(db, organizationId, id);
  const [row] = await db.update(activities).set({ viewed: true }).where(eq(activities.id, id)).returning();
  return toActivity(row);
}

/**
 * The task a submission came from is done: completed, tinted success. `key` guards against a
 * submission naming an unrelated task (404 like any foreign id).
 */
export async function completeActivity(
  db: Db,
  organizationId: number,
  activityId: number | null | undefined,
  keys: string[],
): Promise<number | null> {
  if (!activityId) return null;
  const row = await ownActivity(db, organizationId, activityId);
  if (!row.key || !keys.includes(row.key)) throw notFound('Activity not found');
  await db
    .update(activities)
    .set({ status: 'completed', klass: 'success', viewed: true, completed_at: clockNow() })
    .where(eq(activities.id, activityId));
  return activityId;
}

/**
 * Brings the task list up to date with the records (on Overview load): an expired license
 * without an open renewal task gets one, as does an expired general liability certificate, and
 * an open task past its due date is flagged danger. Safe to repeat: it only adds what is missing.
 */
export async function setActivities(db: Db, organizationId: number, today = clockNow()): Promise<number> {
  const day = await orgToday(db, organizationId, today);
  let created = 0;
  // One run per customer at a time (the caller's transaction holds the lock): two tabs opening the
  // overview together would otherwise both add the same renewal task, and their updates deadlock.
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  const open = await db
    .select()
    .from(activities)
    .where(and(eq(activities.organization_id, organizationId), ne(activities.status, 'completed')));
  const expired = await db
    .select()
    .from(licenses)
    .where(
      and(
        eq(licenses.organization_id, organizationId),
        isNull(licenses.deleted_at),
        lt(licenses.expiration_date, day),
      ),
    );
  const renewedIds = new Set(
    (
      await db
        .select({ renews: licenses.renews_id })
        .from(licenses)
        .where(and(eq(licenses.organization_id, organizationId), isNull(licenses.deleted_at)))
    ).map((r) => r.renews),
  );
  const [top] = await db
    .select({ position: sql<number>`coalesce(max(${activities.position}), 0)` })
    .from(activities)
    .where(eq(activities.organization_id, organizationId));
  let position = Number(top?.position ?? 0);
  const add = async (values: Partial<typeof activities.$inferInsert> & { name: string; key: string }) => {
    position += 1;
    created += 1;
    await db.insert(activities).values({
      organization_id: organizationId,
      status: 'action_required',
      cta: 'modal',
      service: 'Compliance',
      category: 'Compliance',
      klass: 'danger',
      due_date: day,
      position,
      ...values,
    });
  };
  for (const license of expired) {
    if (renewedIds.has(license.id)) continue;
    if (open.some((a) => a.key === 'renew_license' && a.object_id === license.id)) continue;
    await add({ name: `Renew your ${license.type} license`, key: 'renew_license', object_id: license.id });
  }
  const [insurance] = await db
    .select()
    .from(insurances)
    .where(eq(insurances.organization_id, organizationId));
  if (
    insurance?.general_expiration_date &&
    insurance.general_expiration_date < day &&
    !open.some((a) => a.key === 'renew_general_insurance')
  )
    await add({ name: 'Renew your general liability insurance', key: 'renew_general_insurance' });
  await db
    .update(activities)
    .set({ klass: 'danger' })
    .where(
      and(
        eq(activities.organization_id, organizationId),
        ne(activities.status, 'completed'),
        eq(activities.status, 'action_required'),
        lt(activities.due_date, day),
      ),
    );
  return created;
}
