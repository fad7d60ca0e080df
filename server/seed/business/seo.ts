/**
 * SEO for the customers with SEO active (the owner): quarterly plans for the current and the
 * three previous quarters with monthly tasks (past months completed, the current month mixed,
 * later months planned) and monthly SEO report figures for the last twelve months.
 */
import type { Db } from '../../db/client';
import { seoPlans, seoPlanTasks, seoReports } from '../../db/schema/seo';
import type { Rng } from '../rng';
import type { DemoCustomer } from '../types';
import { bulkInsert } from './bulk';
import { addMonths, isoDate, monthStart, quarterOf } from './calendar';
import { cityForZip } from './geo-data';

type TaskTemplate = [bucket: string, task: string, description: string, goal: string];

const TEMPLATES: TaskTemplate[] = [
  [
    'Content',
    'Publish blog post: seasonal maintenance checklist',
    'A 1,200-word article with a checklist homeowners can print.',
    'Rank for maintenance searches before the season starts.',
  ],
  [
    'Content',
    'Write service page: {service} in {city}',
    'A location page with pricing guidance, FAQs and reviews.',
    'Capture "{service} {city}" searches.',
  ],
  ['Content', 'Refresh the FAQ page', 'Update answers and add FAQ schema.', 'Win more featured snippets.'],
  [
    'On-Page',
    'Optimize title tags and meta descriptions',
    'Rewrite titles for the top 20 pages by impressions.',
    'Lift click-through rate from search results.',
  ],
  [
    'On-Page',
    'Add internal links to service pages',
    'Link blog posts to the matching service pages.',
    'Pass authority to the pages that convert.',
  ],
  [
    'Technical',
    'Fix crawl errors in Search Console',
    'Resolve 404s and redirect chains found last month.',
    'Keep every important page indexed.',
  ],
  [
    'Technical',
    'Improve mobile page speed',
    'Compress images and defer non-critical scripts.',
    'Pass Core Web Vitals on mobile.',
  ],
  [
    'Technical',
    'Add local business schema markup',
    'Structured data for the business, services and reviews.',
    'Richer results in local search.',
  ],
  [
    'Local',
    'Google Business Profile posts',
    'Four posts this month with offers and project photos.',
    'Keep the profile active for the map pack.',
  ],
  [
    'Local',
    'Build local citations',
    'Five new citations with consistent name, address and phone.',
    'Strengthen local relevance.',
  ],
  [
    'Local',
    'Respond to new reviews',
    'Reply to every new review within two days.',
    'Show prospects the business cares.',
  ],
  [
    'Links',
    'Local supplier backlink outreach',
    'Ask suppliers and partners to link to the site.',
    'Earn relevant local links.',
  ],
  [
    'Reporting',
    'Monthly ranking report',
    'Rankings, traffic and leads compared with last month.',
    'Track progress against the plan.',
  ],
];

const STATUS_NOW = ['completed', 'completed', 'in_progress', 'action_required', 'planned'];

export async function seedSeo(db: Db, rng: Rng, today: Date, customers: DemoCustomer[]) {
  const owner = customers.find((c) => c.key === 'owner');
  if (!owner) return;
  const planRows: (typeof seoPlans.$inferInsert)[] = [];
  const taskRows: (typeof seoPlanTasks.$inferInsert)[] = [];
  const thisMonth = monthStart(today);
  const city = cityForZip(owner.accounts[0]?.zipcode ?? null).city;
  for (let q = 3; q >= 0; q--) {
    const quarter = quarterOf(addMonths(thisMonth, -3 * q));
    const planId = planRows.length + 1;
    planRows.push({
      id: planId,
      organization_id: owner.organization_id,
      quarter: quarter.key,
      label: quarter.label,
      starts_on: isoDate(quarter.start),
      ends_on: isoDate(quarter.end),
      package: 'expand',
    });
    for (let m = 0; m < 3; m++) {
      const month = addMonths(quarter.start, m);
      const count = rng.int(5, 8);
      const start = rng.int(0, TEMPLATES.length - 1);
      for (let i = 0; i < count; i++) {
        const [bucket, task, description, goal] = TEMPLATES[(start + i * 3) % TEMPLATES.length];
        const status =
          month < thisMonth
            ? rng.chance(0.93)
              ? 'completed'
              : 'action_required'
            : month > thisMonth
              ? 'planned'
              : STATUS_NOW[i % STATUS_NOW.length];
        const fill = (text: string) =>
          text.replace('{service}', i % 2 ? 'AC repair' : 'furnace repair').replace('{city}', city);
        const detailed = rng.chance(0.65);
        taskRows.push({
          plan_id: planId,
          organization_id: owner.organization_id,
          month: isoDate(month),
          task: fill(task),
          status,
          bucket,
          notes:
            detailed && status === 'completed'
              ? 'Done and live; see the monthly report for the first results.'
              : null,
          url:
            detailed && bucket === 'Content'
              ? `https://www.summitcomfort.example/blog/${isoDate(month).slice(0, 7)}-${i + 1}`
              : null,
          description: detailed ? description : null,
          goal: detailed ? fill(goal) : null,
          activity_id: null,
          position: i,
        });
      }
    }
  }
  const reports: (typeof seoReports.$inferInsert)[] = [];
  for (let back = 12; back >= 1; back--) {
    const growth = (13 - back) / 12;
    reports.push({
      organization_id: owner.organization_id,
      month: isoDate(addMonths(thisMonth, -back)),
      organic_sessions: Math.round(900 + 700 * growth + rng.int(-60, 60)),
      organic_leads: Math.round(28 + 30 * growth + rng.int(-4, 4)),
      keywords_top3: Math.round(12 + 26 * growth + rng.int(-2, 2)),
      keywords_top10: Math.round(45 + 60 * growth + rng.int(-4, 4)),
      backlinks: Math.round(140 + 90 * growth),
      gbp_views: Math.round(2400 + 1500 * growth + rng.int(-150, 150)),
      gbp_calls: Math.round(60 + 45 * growth + rng.int(-6, 6)),
      report_url: null,
    });
  }
  await bulkInsert(db, seoPlans, planRows);
  await bulkInsert(db, seoPlanTasks, taskRows);
  await bulkInsert(db, seoReports, reports);
}
