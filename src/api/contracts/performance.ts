/**
 * Performance report contracts (spec part 3 §2.3-§2.5, §3, §7 "Overview and performance"): the
 * query every report takes and the answers of the report routes. Shared by the server's report
 * registry (server/domain/performance/reports.ts), the performance screens and the tests.
 *
 * - Every report is a GET: start_date and end_date (YYYY-MM-DD, default the last 30 days in the
 *   customer's zone; a reversed range is 422), `account` the location ref ids comma-separated
 *   (none = every location), and where the report has them provider, platform and page.
 * - A Stat carries the previous period of the same length and the change in percent (2 decimals,
 *   0 when the previous value is 0).
 * - Money is dollars (numbers); table cells are numbers, strings or null.
 */
import {
  array,
  boolean,
  coerce,
  defaulted,
  enums,
  type Infer,
  integer,
  literal,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  record,
  size,
  string,
  union,
} from 'superstruct';
import type { ReportPath } from './endpoints';
import { IsoDate } from './toolbar';

export const PPC_PROVIDERS = ['all', 'google', 'bing', 'linkedin'] as const;
export const PROGRAMMATIC_PROVIDERS = ['all', 'display', 'simplifi'] as const;
export const DEVICE_PROVIDERS = ['ppc', 'lsa'] as const;
/** The social tables' Filter dropdown (spec part 3 §2.4): every platform or one. */
export const SOCIAL_PROVIDERS = ['all', 'facebook', 'instagram'] as const;
export const EXECUTIVE_PLATFORMS = ['franchise', 'live', 'direct', 'directories'] as const;
export type ExecutivePlatform = (typeof EXECUTIVE_PLATFORMS)[number];

export const BREAKDOWN_PAGE_SIZE = 20;
export const EXECUTIVE_PAGE_SIZE = 10;

const range = {
  start_date: optional(IsoDate),
  end_date: optional(IsoDate),
  /** Location (account) ref ids, comma-separated; none = every location. */
  account: optional(size(string(), 0, 4000)),
};
/** An integer from a query string ('2'); anything but digits stays a string and fails (422). */
const queryInt = (low: number, high: number) =>
  coerce(max(min(integer(), low), high), string(), (v) => (/^-?\d{1,9}$/.test(v) ? Number(v) : v));
const paging = (perPage: number) => ({
  page: defaulted(queryInt(1, 100_000), 1),
  per_page: defaulted(queryInt(1, 100), perPage),
});

export const RangeQuery = object(range);
export type RangeQuery = Infer<typeof RangeQuery>;
export const PpcQuery = object({ ...range, provider: defaulted(enums(PPC_PROVIDERS), 'all') });
export type PpcQuery = Infer<typeof PpcQuery>;
export const ProgrammaticQuery = object({
  ...range,
  provider: defaulted(enums(PROGRAMMATIC_PROVIDERS), 'all'),
});
export type ProgrammaticQuery = Infer<typeof ProgrammaticQuery>;
export const DeviceQuery = object({ ...range, provider: defaulted(enums(DEVICE_PROVIDERS), 'ppc') });
export type DeviceQuery = Infer<typeof DeviceQuery>;
export const TableQuery = object({ ...range, ...paging(BREAKDOWN_PAGE_SIZE) });
export type TableQuery = Infer<typeof TableQuery>;
export const PpcTableQuery = object({
  ...range,
  ...paging(BREAKDOWN_PAGE_SIZE),
  provider: defaulted(enums(PPC_PROVIDERS), 'all'),
});
export type PpcTableQuery = Infer<typeof PpcTableQuery>;
export const SocialTableQuery = object({
  ...range,
  ...paging(BREAKDOWN_PAGE_SIZE),
  provider: defaulted(enums(SOCIAL_PROVIDERS), 'all'),
});
export type SocialTableQuery = Infer<typeof SocialTableQuery>;
export const ProgrammaticTableQuery = object({
  ...range,
  ...paging(BREAKDOWN_PAGE_SIZE),
  provider: defaulted(enums(PROGRAMMATIC_PROVIDERS), 'all'),
});
export type ProgrammaticTableQuery = Infer<typeof ProgrammaticTableQuery>;
export const ExecutiveTableQuery = object({
  ...range,
  ...paging(EXECUTIVE_PAGE_SIZE),
  platform: defaulted(enums(EXECUTIVE_PLATFORMS), 'franchise'),
});
export type ExecutiveTableQuery = Infer<typeof ExecutiveTableQuery>;
export const RevconnectTableQuery = object({ ...range, ...paging(EXECUTIVE_PAGE_SIZE) });
export type RevconnectTableQuery = Infer<typeof RevconnectTableQuery>;

export const Stat = object({
  title: string(),
  value: number(),
  previous_value: number(),
  performance_change: number(),
});
export type Stat = Infer<typeof Stat>;

/** GET /user_locations */
export const Location = object({ ref_id: string(), name: string(), checked: boolean() });
export type Location = Infer<typeof Location>;
export const LocationsResponse = object({ locations: array(Location) });
export type LocationsResponse = Infer<typeof LocationsResponse>;

export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thurs', 'Fri', 'Sat', 'Sun'] as const;

/** GET /reports/overview: the performance page of non-franchise accounts (§2.3). */
export const OverviewResponse = object({
  multiple_accounts: boolean(),
  performance_overview: object({
    leads_count: Stat,
    calls: Stat,
    forms: Stat,
    lead_cost: Stat,
    avg_cost: Stat,
    active_campaigns: Stat,
    paused_campaigns: Stat,
  }),
  services: array(object({ service_name: string(), total_leads: number() })),
  /** total_leads is the channel's share of the leads in percent, 2 decimals ('45.00'). */
  channels: array(object({ channel_name: string(), total_leads: string() })),
  /** Monday first. */
  per_week_days: array(object({ day: string(), calls: number(), forms: number() })),
  campaigns: array(
    object({
      campaign_id: number(),
      campaign_name: string(),
      account_name: string(),
      brand_name: nullable(string()),
      total_leads: number(),
      leads_cost: number(),
    }),
  ),
  accounts: array(
    object({
      account_name: string(),
      brand_name: nullable(string()),
      total_leads: number(),
      leads_cost: number(),
    }),
  ),
  recent_leads: array(
    object({
      lead_id: number(),
      name: string(),
      lead_type: string(),
      service: string(),
      created_at: string(),
      cost: number(),
    }),
  ),
});
export type OverviewResponse = Infer<typeof OverviewResponse>;

/** GET /performance/ppc/summary */
export const PpcSummary = object({
  total_calls: Stat,
  total_clicks: Stat,
  total_cpc: Stat,
  total_cpl: Stat,
  total_ctr: Stat,
  total_forms: Stat,
  total_impressions: Stat,
  total_leads: Stat,
});
export type PpcSummary = Infer<typeof PpcSummary>;

/** GET /performance/account/ppc_lsa_summary */
export const PaidSearchSummary = object({
  total_leads: Stat,
  lsa_leads: Stat,
  ppc_leads: Stat,
  total_cost_per_lead: Stat,
  lsa_per_lead: Stat,
  ppc_per_lead: Stat,
  total_cost: Stat,
  lsa_cost: Stat,
  ppc_cost: Stat,
});
export type PaidSearchSummary = Infer<typeof PaidSearchSummary>;

/** A weekday graph: Monday..Sunday, each with its series' values. */
export const WeekdayGraph = object({
  graph: array(object({ day: string(), values: record(string(), number()) })),
});
export type WeekdayGraph = Infer<typeof WeekdayGraph>;

/** GET /performance/social/summary: reach is 'miss' while the range's reach is still compiled. */
export const SocialSummary = object({
  impressions: Stat,
  reach: union([Stat, object({ title: string(), value: literal('miss'), id: number(), level: string() })]),
  frequency: Stat,
  spend: Stat,
  link_clicks: Stat,
  cost_lead: Stat,
});
export type SocialSummary = Infer<typeof SocialSummary>;

/** A dated series: one point per day (interval 'day') or per month ('month', date = its 1st). */
export const Series = array(object({ date: string(), value: number() }));
export type Series = Infer<typeof Series>;
export const SeriesGraph = object({
  interval: enums(['day', 'month']),
  series: record(string(), Series),
  totals: record(string(), number()),
});
export type SeriesGraph = Infer<typeof SeriesGraph>;

/**
 * PPC Campaigns Summary graphs (spec part 3 §7 /performance/ppc/clicks_impressions,
 * click_through_rate, leads, cpl_cpc): each measure's range total (with the previous period) and
 * its dated series, for the provider tab.
 */
const Interval = enums(['day', 'month']);
export const PpcClicksImpressions = object({
  interval: Interval,
  total_clicks: Stat,
  total_impressions: Stat,
  clicks: Series,
  impressions: Series,
});
export type PpcClicksImpressions = Infer<typeof PpcClicksImpressions>;
export const PpcClickThroughRate = object({ interval: Interval, total_ctr: Stat, ctr: Series });
export type PpcClickThroughRate = Infer<typeof PpcClickThroughRate>;
export const PpcLeads = object({ interval: Interval, total_leads: Stat, leads: Series });
export type PpcLeads = Infer<typeof PpcLeads>;
export const PpcCplCpc = object({
  interval: Interval,
  total_cpl: Stat,
  total_cpc: Stat,
  cpl: Series,
  cpc: Series,
});
export type PpcCplCpc = Infer<typeof PpcCplCpc>;

const Labelled = object({ value: number(), label: string() });
export const ExecutiveCard = object({
  locked: boolean(),
  total_cost: Labelled,
  total_leads: Labelled,
  call_leads: Labelled,
  form_leads: Labelled,
  cpl: Labelled,
});
export type ExecutiveCard = Infer<typeof ExecutiveCard>;
/** GET /performance/executive/summary */
export const ExecutiveSummary = object({
  franchise: ExecutiveCard,
  live: ExecutiveCard,
  direct: ExecutiveCard,
  directories: ExecutiveCard,
});
export type ExecutiveSummary = Infer<typeof ExecutiveSummary>;

/** GET /performance/programmatic/overview */
export const ProgrammaticOverview = object({
  spend: Stat,
  impressions: Stat,
  clicks: Stat,
  cpc: Stat,
  cpm: Stat,
});
export type ProgrammaticOverview = Infer<typeof ProgrammaticOverview>;

/** GET /performance/revconnect/metrics */
export const REVCONNECT_METRICS = [
  'leads',
  'qualified_leads',
  'appointments',
  'sales',
  'cost_per_lead',
  'cost_per_ql',
  'cost_per_appt',
  'cost_per_sale',
  'rev_per_lead',
  'rev_per_ql',
  'rev_per_appt',
  'rev_per_sale',
] as const;
export const RevconnectMetrics = object({ metrics: record(string(), Stat) });
export type RevconnectMetrics = Infer<typeof RevconnectMetrics>;
export const FUNNEL_STAGES = ['Leads', 'Qualified Leads', 'Appointments', 'Sales'] as const;
export const RevconnectFunnel = object({
  funnel: array(object({ name: string(), data: array(object({ value: number() })) })),
});
export type RevconnectFunnel = Infer<typeof RevconnectFunnel>;

/** GET /performance/devices/breakdown_graph: two pies (Leads, Clicks) by device type. */
export const DEVICE_LABELS = ['Computers', 'Mobile Devices', 'Tablets', 'Other'] as const;
export const DeviceGraph = array(
  object({ name: string(), data: array(object({ name: string(), value: number() })) }),
);
export type DeviceGraph = Infer<typeof DeviceGraph>;

/** A breakdown table (generic table response of §3), with the totals of every row of the range. */
export const Cell = object({
  name: string(),
  label: string(),
  value: union([number(), string(), literal(null)]),
});
export type Cell = Infer<typeof Cell>;
export const TableResponse = object({
  accounts: array(object({ key: string(), data: array(Cell) })),
  totals: array(Cell),
  total_pages: number(),
  current_page: number(),
  total_records: number(),
});
export type TableResponse = Infer<typeof TableResponse>;

/**
 * The breakdown tables' CSV exports (spec part 3 §7: "CSV exports use the same paths with a .csv
 * suffix"): export type (the toolbar's per-type export state) -> the table's report path. The
 * export itself is `POST <path>.csv` with the export body and answers like every export.
 */
export const PERFORMANCE_EXPORT_PATHS = {
  'search-locations': '/performance/locations/breakdown',
  'ppc-locations': '/performance/locations/overview',
  'device-breakdown': '/performance/devices/breakdown',
  'social-locations': '/performance/social/location',
  'social-ads': '/performance/social/breakdown',
  'programmatic-breakdown': '/performance/programmatic/breakdown',
  'executive-breakdown': '/performance/executive/breakdown',
  'revconnect-locations': '/performance/revconnect/location_breakdown',
} as const satisfies Record<string, ReportPath>;
export type PerformanceExportType = keyof typeof PERFORMANCE_EXPORT_PATHS;
export const csvPathOf = (type: PerformanceExportType) => `${PERFORMANCE_EXPORT_PATHS[type]}.csv`;
