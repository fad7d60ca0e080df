/**
 * The Quarterly SEO Plan (spec part 3 §2.13, §7 GET /seo/report): the organization's quarters
 * (the asked one, else the one containing the customer's today, else the latest, is selected) and the selected
 * quarter's months, each with one page of its tasks (SEO_REPORT_PAGE_SIZE; the month named by
 * `date` answers page `page`, the others their first page).
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  SEO_REPORT_PAGE_SIZE,
  type SeoMonth,
  type SeoReportQuery,
  type SeoReportResponse,
} from '../../../src/api/contracts/seo';
import type { Db } from '../../db/client';
import { seoPlans, seoPlanTasks } from '../../db/schema/seo';
import { orgToday } from '../account/org-today';

const monthsOf = (start: string): string[] => {
  const [y, m] = start.split('-').map(Number);
  return [0, 1, 2].map((i) => {
    const d = new Date(Date.UTC(y, m - 1 + i, 1));
    return d.toISOString().slice(0, 10);
  });
};

export async function seoReport(
  db: Db,
  organizationId: number,
  query: SeoReportQuery,
): Promise<SeoReportResponse> {
  const plans = await db
    .select()
    .from(seoPlans)
    .where(eq(seoPlans.organization_id, organizationId))
    .orderBy(desc(seoPlans.starts_on));
  const today = await orgToday(db, organizationId);
  const selected =
    plans.find((p) => p.quarter === query.quarter) ??
    plans.find((p) => p.starts_on <= today && today <= p.ends_on) ??
    plans[0];
  const quarters = plans.map((p) => ({ key: p.label, value: p.quarter, selected: p.id === selected?.id }));
  if (!selected) return { data: [], quarters };
  const data: SeoMonth[] = [];
  for (const month of monthsOf(selected.starts_on)) {
    const where = and(eq(seoPlanTasks.plan_id, selected.id), eq(seoPlanTasks.month, month));
    const [{ total }] = await db.select({ total: count() }).from(seoPlanTasks).where(where);
    const pages = Math.max(1, Math.ceil(total / SEO_REPORT_PAGE_SIZE));
    const page = Math.min(query.date === month ? (query.page ?? 1) : 1, pages);
    const rows = await db
      .select()
      .from(seoPlanTasks)
      .where(where)
      .orderBy(asc(seoPlanTasks.position), asc(seoPlanTasks.id))
      .limit(SEO_REPORT_PAGE_SIZE)
      .offset((page - 1) * SEO_REPORT_PAGE_SIZE);
    const from = total === 0 ? 0 : (page - 1) * SEO_REPORT_PAGE_SIZE + 1;
    data.push({
      month,
      data: rows.map((r) => ({
        id: r.id,
        task: r.task,
        status: r.status,
        bucket: r.bucket,
        notes: r.notes,
        url: r.url,
        description: r.description,
        goal: r.goal,
      })),
      total_records: total,
      current_page: page,
      showing_from: from,
      showing_to: total === 0 ? 0 : from + rows.length - 1,
      total_pages: pages,
    });
  }
  return { data, quarters };
}
