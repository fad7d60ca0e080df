/**
 * The Overview's SEO widgets (spec part 3 §2.2, §3, §7 GET /seo/stats), computed from the SEO
 * plan tasks: the plan widget (three months of task counts by status, paged by a quarter with
 * previous/next), the breakdown by category for the current quarter, and the current month's
 * progress (counts, completed percentage, and whether it increased on the previous month).
 */
import { eq, sql } from 'drizzle-orm';
import type { SeoStatsResponse } from '../../../src/api/contracts/seo';
import type { Db } from '../../db/client';
import { seoPlanTasks } from '../../db/schema/seo';
import { orgToday } from '../account/org-today';

const addMonths = (iso: string, n: number) => {
  const [y, m] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10);
};
const quarterStart = (iso: string) => {
  const [y, m] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, Math.floor((m - 1) / 3) * 3, 1)).toISOString().slice(0, 10);
};
const label = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
const typeOf = (status: string) =>
  status === 'completed' ? 'complete' : status === 'action_required' ? 'action_required' : 'planned';

type Counts = { month: string; status: string; bucket: string; total: number };

export async function seoStats(
  db: Db,
  organizationId: number,
  query: { plan_widget_only?: string; arrow?: string; month?: string },
): Promise<SeoStatsResponse> {
  const rows: Counts[] = (
    await db
      .select({
        month: seoPlanTasks.month,
        status: seoPlanTasks.status,
        bucket: seoPlanTasks.bucket,
        total: sql<number>`count(*)::int`,
      })
      .from(seoPlanTasks)
      .where(eq(seoPlanTasks.organization_id, organizationId))
      .groupBy(seoPlanTasks.month, seoPlanTasks.status, seoPlanTasks.bucket)
  ).map((r) => ({ ...r, total: Number(r.total) }));
  const current = `${(await orgToday(db, organizationId)).slice(0, 7)}-01`;
  const months = [...new Set(rows.map((r) => r.month))].sort();
  let anchor = quarterStart(query.month ?? current);
  if (query.arrow === 'previous') anchor = addMonths(anchor, -3);
  if (query.arrow === 'next') anchor = addMonths(anchor, 3);
  const shown = [0, 1, 2].map((i) => addMonths(anchor, i));
  const series = shown.map((month) => {
    const of = rows.filter((r) => r.month === month);
    const status_data = (['planned', 'action_required', 'complete'] as const).map((type) => ({
      type,
      value: of.filter((r) => typeOf(r.status) === type).reduce((sum, r) => sum + r.total, 0),
    }));
    return { item: label(month), data: [status_data.reduce((sum, s) => sum + s.value, 0)], status_data };
  });
  const plan_widget = {
    categories: shown.map(label),
    series,
    month: months.length ? anchor : null,
    has_previous: months.some((m) => m < anchor),
    has_next: months.some((m) => m > shown[2]),
  };
  if (query.plan_widget_only === 'true') return { plan_widget, breakdown_widget: null, progress: null };

  const quarter = quarterStart(current);
  const inQuarter = rows.filter((r) => r.month >= quarter && r.month <= addMonths(quarter, 2));
  const buckets = [...new Set(inQuarter.map((r) => r.bucket))].sort();
  const breakdown_widget = buckets.map((bucket) => {
    const of = inQuarter.filter((r) => r.bucket === bucket);
    return {
      bucket,
      total: of.reduce((s, r) => s + r.total, 0),
      completed: of.filter((r) => r.status === 'completed').reduce((s, r) => s + r.total, 0),
    };
  });
  const count = (month: string, status?: string) =>
    rows
      .filter((r) => r.month === month && (!status || r.status === status))
      .reduce((s, r) => s + r.total, 0);
  const percent = (month: string) =>
    count(month) ? Math.round((count(month, 'completed') / count(month)) * 100) : 0;
  const previous = addMonths(current, -1);
  const progress = {
    action_required: count(current, 'action_required'),
    completed: count(current, 'completed'),
    planned: count(current, 'planned') + count(current, 'in_progress'),
    current_month: label(current),
    completed_percentage: percent(current),
    increased: percent(current) > percent(previous),
    current_month_tasks_completed: count(current, 'completed'),
  };
  return { plan_widget, breakdown_widget, progress };
}
