/**
 * SEO plan contracts (spec part 3 §2.13, §3, §7 "SEO plan"): GET /seo/report, the Quarterly SEO
 * Plan page's quarters and months of tasks, each month paged on its own.
 */
import {
  array,
  boolean,
  coerce,
  enums,
  type Infer,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  refine,
  string,
} from 'superstruct';

export const SEO_REPORT_PAGE_SIZE = 5;

const QueryInt = coerce(max(min(integer(), 1), 100_000), string(), (v) =>
  /^\d{1,6}$/.test(v) ? Number(v) : v,
);

export const SeoReportQuery = object({
  quarter: optional(refine(string(), 'Quarter', (v) => /^\d{4}-Q[1-4]$/.test(v) || 'Unknown quarter')),
  /** The month whose page is asked (YYYY-MM-01); the other months answer their first page. */
  date: optional(refine(string(), 'Month', (v) => /^\d{4}-(0[1-9]|1[0-2])-01$/.test(v) || 'Invalid month')),
  page: optional(QueryInt),
  activity_id: optional(QueryInt),
});
export type SeoReportQuery = Infer<typeof SeoReportQuery>;

export const SeoTaskRow = object({
  id: number(),
  task: string(),
  status: string(),
  bucket: string(),
  notes: nullable(string()),
  url: nullable(string()),
  description: nullable(string()),
  goal: nullable(string()),
});
export type SeoTaskRow = Infer<typeof SeoTaskRow>;

export const SeoMonth = object({
  month: string(),
  data: array(SeoTaskRow),
  total_records: number(),
  current_page: number(),
  showing_from: number(),
  showing_to: number(),
  total_pages: number(),
});
export type SeoMonth = Infer<typeof SeoMonth>;

export const SeoReportResponse = object({
  data: array(SeoMonth),
  quarters: array(object({ key: string(), value: string(), selected: boolean() })),
});
export type SeoReportResponse = Infer<typeof SeoReportResponse>;

/** GET /seo/stats */
export const SeoStatsQuery = object({
  plan_widget_only: optional(enums(['true', 'false'])),
  arrow: optional(enums(['previous', 'next'])),
  month: optional(refine(string(), 'Month', (v) => /^\d{4}-(0[1-9]|1[0-2])-01$/.test(v) || 'Invalid month')),
});
export const SEO_STATUS_TYPES = ['planned', 'action_required', 'complete'] as const;
export const SeoStatsResponse = object({
  plan_widget: object({
    categories: array(string()),
    series: array(
      object({
        item: string(),
        data: array(number()),
        status_data: array(object({ type: enums(SEO_STATUS_TYPES), value: number() })),
      }),
    ),
    /** The first month shown (the anchor the arrows move from). */
    month: nullable(string()),
    has_previous: boolean(),
    has_next: boolean(),
  }),
  breakdown_widget: nullable(array(object({ bucket: string(), total: number(), completed: number() }))),
  progress: nullable(
    object({
      action_required: number(),
      completed: number(),
      planned: number(),
      current_month: string(),
      completed_percentage: number(),
      increased: boolean(),
      current_month_tasks_completed: number(),
    }),
  ),
});
export type SeoStatsResponse = Infer<typeof SeoStatsResponse>;
