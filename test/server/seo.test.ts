/** GET /seo/report through the real app: quarters, months paged on their own, isolation, bad input. */
import { and, eq } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/identity';
import { seoPlans, seoPlanTasks } from '../../server/db/schema/seo';
import { SEO_REPORT_PAGE_SIZE, SeoReportResponse } from '../../src/api/contracts/seo';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('seo report on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let franchise: Session;
  const report = async (s: Session, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/seo/report${query}`, headers: s.headers });
    return { status: res.statusCode, body: res.json() as SeoReportResponse };
  };
  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    franchise = await signIn(t, 'franchise@demo.test');
  });
  afterAll(() => t?.close());

  it('answers the quarters with the current one selected and its three months', async () => {
    const [{ organization_id: org }] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'owner@demo.test'));
    const plans = await t.db.select().from(seoPlans).where(eq(seoPlans.organization_id, org));
    const res = await report(owner);
    expect(res.status).toBe(200);
    expect(is(res.body, SeoReportResponse)).toBe(true);
    expect(res.body.quarters).toHaveLength(plans.length);
    expect(res.body.quarters.filter((q) => q.selected)).toHaveLength(1);
    expect(res.body.data).toHaveLength(3);
    const other = res.body.quarters.find((q) => !q.selected) as { value: string };
    const plan = plans.find((p) => p.quarter === other.value) as (typeof plans)[number];
    const chosen = await report(owner, `?quarter=${other.value}`);
    expect(chosen.body.quarters.find((q) => q.selected)?.value).toBe(other.value);
    const month = chosen.body.data[0];
    const tasks = await t.db
      .select()
      .from(seoPlanTasks)
      .where(and(eq(seoPlanTasks.plan_id, plan.id), eq(seoPlanTasks.month, month.month)));
    expect(month.total_records).toBe(tasks.length);
    expect(month.total_pages).toBe(Math.max(1, Math.ceil(tasks.length / SEO_REPORT_PAGE_SIZE)));
    if (month.total_pages > 1) {
      const paged = await report(owner, `?quarter=${other.value}&date=${month.month}&page=2`);
      expect(paged.body.data[0].current_page).toBe(2);
      expect(paged.body.data[0].showing_from).toBe(SEO_REPORT_PAGE_SIZE + 1);
      expect(paged.body.data[1].current_page).toBe(1);
      expect(paged.body.data[0].data[0].id).not.toBe(month.data[0].id);
    }
  });

  it('shows nothing of another customer and refuses bad input', async () => {
    const res = await report(franchise);
    expect(res.body).toEqual({ data: [], quarters: [] });
    for (const q of ['?quarter=2024-Q5', '?date=2024-13-01', '?page=0', '?page=x'])
      expect((await report(owner, q)).status, q).toBe(422);
  });

  it('answers the SEO widgets from the plan tasks, paged by quarter', async () => {
    const stats = async (s: Session, query = '') => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/seo/stats${query}`, headers: s.headers });
      return { status: res.statusCode, body: res.json() };
    };
    const [{ organization_id: org }] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'owner@demo.test'));
    const res = await stats(owner);
    expect(res.status).toBe(200);
    const widget = res.body.plan_widget;
    expect(widget.categories).toHaveLength(3);
    const first = widget.month as string;
    const tasks = await t.db
      .select()
      .from(seoPlanTasks)
      .where(and(eq(seoPlanTasks.organization_id, org), eq(seoPlanTasks.month, first)));
    expect(widget.series[0].data[0]).toBe(tasks.length);
    expect(widget.series[0].status_data.find((s: { type: string }) => s.type === 'complete').value).toBe(
      tasks.filter((x) => x.status === 'completed').length,
    );
    expect(widget.has_previous).toBe(true);
    const previous = await stats(owner, `?arrow=previous&month=${first}&plan_widget_only=true`);
    expect(previous.body.plan_widget.month < first).toBe(true);
    expect(previous.body.progress).toBeNull();
    expect(res.body.progress.completed_percentage).toBeGreaterThanOrEqual(0);
    expect(res.body.breakdown_widget.length).toBeGreaterThan(0);
    expect(
      (await stats(franchise)).body.plan_widget.series.every((s: { data: number[] }) => s.data[0] === 0),
    ).toBe(true);
    expect((await stats(owner, '?arrow=sideways')).status).toBe(422);
  });
});
