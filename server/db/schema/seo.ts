/**
 * SEO: quarterly plans with their monthly tasks (Quarterly SEO Plan page, SEO plan widget and
 * progress summary are computed from the tasks) and monthly SEO report figures (breakdown widget).
 *
 * Quarter keys are 'YYYY-Qn'; task months are the first day of the month.
 */
import { date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { organizations } from './identity';

export const seoPlans = pgTable(
  'seo_plans',
  {
    id: serial('id').primaryKey(),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    quarter: text('quarter').notNull(),
    label: text('label').notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    /** SEO package at the time (expand, accelerate, ...). */
    package: text('package'),
  },
  (t) => [uniqueIndex('seo_plans_org_quarter_unique').on(t.organization_id, t.quarter)],
);

export const seoPlanTasks = pgTable(
  'seo_plan_tasks',
  {
    id: serial('id').primaryKey(),
    plan_id: integer('plan_id')
      .notNull()
      .references(() => seoPlans.id, { onDelete: 'cascade' }),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    month: date('month', { mode: 'string' }).notNull(),
    task: text('task').notNull(),
    /** completed, in_progress, action_required, planned */
    status: text('status').notNull(),
    /** Category: Content, On-Page, Technical, Local, Links, Reporting */
    bucket: text('bucket').notNull(),
    notes: text('notes'),
    url: text('url'),
    description: text('description'),
    goal: text('goal'),
    activity_id: integer('activity_id').references(() => activities.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('seo_plan_tasks_plan_idx').on(t.plan_id, t.month, t.position),
    index('seo_plan_tasks_org_idx').on(t.organization_id, t.month),
  ],
);

export const seoReports = pgTable(
  'seo_reports',
  {
    id: serial('id').primaryKey(),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    month: date('month', { mode: 'string' }).notNull(),
    organic_sessions: integer('organic_sessions').notNull(),
    organic_leads: integer('organic_leads').notNull(),
    keywords_top3: integer('keywords_top3').notNull(),
    keywords_top10: integer('keywords_top10').notNull(),
    backlinks: integer('backlinks').notNull(),
    gbp_views: integer('gbp_views').notNull(),
    gbp_calls: integer('gbp_calls').notNull(),
    report_url: text('report_url'),
  },
  (t) => [uniqueIndex('seo_reports_org_month_unique').on(t.organization_id, t.month)],
);
