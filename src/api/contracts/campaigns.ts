/**
 * Campaigns contracts (spec part 3 §3 "Campaign row", "Campaign detail", "Campaign location",
 * "Schedule", §7 "Campaigns"; part 2 "Campaign creation"): the list and its statistics, the
 * providers of a row, one campaign's drawer, its counties (cursor paged) and their targeting, the
 * weekly call schedule, the status toggles with their pause durations, and creating a campaign.
 * Shared by server/routes/campaigns.ts, the client and the tests.
 *
 * - Lead figures are counts of the leads table over the chosen days; money is dollars with two
 *   decimals as strings in cells ('125.00'), numbers in the statistics.
 * - The product copy (toasts, errors) is the spec's, verbatim.
 */
import {
  array,
  assign,
  boolean,
  defaulted,
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
  size,
  string,
} from 'superstruct';
import { SelectedOnly } from './service-areas';
import { FilterList, IsoDate } from './toolbar';
import { BasedOn, ReadVersion } from './versions';

export const CAMPAIGN_COLUMNS = [
  { name: 'name', label: 'Name' },
  { name: 'account', label: 'Account' },
  { name: 'service', label: 'Service' },
  { name: 'product', label: 'Product' },
  { name: 'status', label: 'Status' },
  { name: 'call_leads', label: 'Call Leads' },
  { name: 'form_leads', label: 'Form Leads' },
  { name: 'total_leads', label: 'Total Leads' },
  { name: 'spend', label: 'Spend' },
  { name: 'spend_limit', label: 'Spend Limit' },
] as const;
export type CampaignColumnName = (typeof CAMPAIGN_COLUMNS)[number]['name'];
export const DEFAULT_CAMPAIGN_COLUMNS: CampaignColumnName[] = [
  'name',
  'account',
  'service',
  'status',
  'call_leads',
  'form_leads',
  'total_leads',
  'spend_limit',
];
export const SORTABLE_CAMPAIGN_COLUMNS = [
  'name',
  'account',
  'service',
  'call_leads',
  'form_leads',
  'total_leads',
  'spend_limit',
] as const;
export const CAMPAIGNS_PAGE_SIZE = 20;
export const PROVIDERS_PAGE_SIZE = 999;
/** A location page shorter than this ends the list (spec part 3 §9). */
export const LOCATIONS_PAGE_SIZE = 10;

/** Pause durations in hours, with their labels (spec part 3 §9); 3 hours is the default. */
export const PAUSE_DURATIONS = [
  { hours: 3, label: '3 hours' },
  { hours: 12, label: '12 hours' },
  { hours: 24, label: '24 hours' },
  { hours: 48, label: '48 hours' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
] as const;
export const DEFAULT_PAUSE_HOURS = 3;
const PauseDuration = enums([3, 12, 24, 48, 72, 168] as const);

export const CAMPAIGN_MESSAGES = {
  campaignActivated: 'Campaign activated successfully',
  campaignPaused: 'Campaign paused successfully',
  countyActivated: 'County activated successfully',
  countyPaused: 'County paused successfully',
  targeted: 'Location has been targeted successfully',
  noZipcodes: 'Unable to target location with no zipcodes',
  noZipcodesCreate: 'Unable to select location with no zipcodes',
  scheduleUpdated: 'Call schedule hours has been updated successfully',
  created: 'Campaign has been created successfully.',
  durationRequired: 'Choose how long to pause',
  pending: 'Pending',
  locked: 'This account is locked. Please call your account manager to make changes.',
  noLocations: 'No locations found',
  noData: 'No data available',
} as const;

export const CampaignStatus = enums(['active', 'paused']);
export type CampaignStatus = Infer<typeof CampaignStatus>;

/** POST /campaigns (and /campaigns/{id}/providers): the list payload, as for leads. */
export const CampaignsQuery = object({
  page: defaulted(max(min(integer(), 1), 100_000), 1),
  per_page: defaulted(max(min(integer(), 1), 999), CAMPAIGNS_PAGE_SIZE),
  order: defaulted(enums(['asc', 'desc']), 'asc'),
  order_by: defaulted(enums(SORTABLE_CAMPAIGN_COLUMNS), 'name'),
  start_date: optional(IsoDate),
  end_date: optional(IsoDate),
  query: optional(size(string(), 0, 100)),
  filters: optional(FilterList),
  location_ids: optional(size(array(size(string(), 1, 64)), 0, 500)),
  required_fields: optional(size(array(string()), 0, 20)),
});
export type CampaignsQuery = Infer<typeof CampaignsQuery>;
export type CampaignsQueryInput = Partial<CampaignsQuery>;

export const CampaignCell = object({ name: string(), label: string(), value: nullable(string()) });
export type CampaignCell = Infer<typeof CampaignCell>;

/** The status cell's data: what the toggle shows and whether it may be used. */
export const StatusInfo = object({
  value: CampaignStatus,
  pending: boolean(),
  placeholder: nullable(string()),
  disable: boolean(),
  trigger_status: boolean(),
  paused_until: nullable(string()),
  /** The status's version (contracts/versions.ts). */
  version: ReadVersion,
});
export type StatusInfo = Infer<typeof StatusInfo>;

export const CampaignRow = object({
  id: number(),
  ref_id: string(),
  expandable: boolean(),
  /** The account's platform and the campaign's product name the write paths. */
  platform: string(),
  product: string(),
  account: object({ ref_id: string(), name: string(), is_locked: boolean() }),
  status: StatusInfo,
  data: array(CampaignCell),
});
export type CampaignRow = Infer<typeof CampaignRow>;

export const CampaignStat = object({ title: string(), value: number() });
export const CampaignsStatistic = object({
  total_campaigns: CampaignStat,
  active_campaigns: CampaignStat,
  paused_campaigns: CampaignStat,
  total_leads: CampaignStat,
  total_cost: CampaignStat,
});
export type CampaignsStatistic = Infer<typeof CampaignsStatistic>;

export const CampaignsResponse = object({
  campaigns: array(CampaignRow),
  campaigns_statistic: CampaignsStatistic,
  total_records: number(),
  current_page: number(),
  total_pages: number(),
  showing_from: number(),
  showing_to: number(),
  can_create_campaign: boolean(),
});
export type CampaignsResponse = Infer<typeof CampaignsResponse>;

export const Provider = object({
  id: number(),
  provider: string(),
  name: string(),
  ref_id: string(),
  status: string(),
  spend_limit: nullable(string()),
  total_leads: number(),
  spend: string(),
});
export type Provider = Infer<typeof Provider>;
export const ProvidersResponse = object({
  providers: array(Provider),
  total_records: number(),
  current_page: number(),
  total_pages: number(),
});
export type ProvidersResponse = Infer<typeof ProvidersResponse>;
export const ProviderResponse = object({ provider: Provider });

const LabelValue = object({ name: string(), label: string(), value: nullable(string()) });
export const CampaignDetail = object({
  id: number(),
  ref_id: string(),
  name: string(),
  platform: string(),
  product: string(),
  campaign_info: object({ label: string(), value: array(LabelValue) }),
  campaign_result: object({ label: string(), value: array(LabelValue) }),
  campaign_status: object({
    label: string(),
    value: CampaignStatus,
    placeholder: nullable(string()),
    pending: boolean(),
    disable: boolean(),
    version: ReadVersion,
  }),
  trigger_status: boolean(),
  trigger_location_status: boolean(),
  is_locked: boolean(),
  show_locations_tab: boolean(),
  show_schedule: boolean(),
  search_location: boolean(),
  account_manager: nullable(object({ name: string(), email: string(), phone_number: nullable(string()) })),
});
export type CampaignDetail = Infer<typeof CampaignDetail>;
export const CampaignDetailResponse = object({ campaign: CampaignDetail });

export const Zipcode = object({ zipcode: string(), targeted: boolean() });
export const CampaignLocation = object({
  id: number(),
  name: string(),
  state: string(),
  status: CampaignStatus,
  pending: boolean(),
  prices: object({ call: string(), form: string() }),
  zipcodes: array(Zipcode),
  is_target: boolean(),
  /** The county's status version and zip targeting version (contracts/versions.ts). */
  status_version: ReadVersion,
  target_version: ReadVersion,
});
export type CampaignLocation = Infer<typeof CampaignLocation>;
export const LocationsResponse = object({ locations: array(CampaignLocation), next: nullable(string()) });
export type LocationsResponse = Infer<typeof LocationsResponse>;

/** A cursor: the position of the last county shown (digits only). */
const Cursor = refine(string(), 'Cursor', (v) => /^\d{1,9}$/.test(v) || 'Invalid cursor');
export const LocationsQuery = object({ next: optional(Cursor) });
/**
 * GET /locations/search: a campaign's counties (campaign_ref_id), or, when creating a campaign,
 * the counties an account may target for a service (account_ref_id and service_name), or, with
 * neither, the caller's service area (selected_only; contracts/service-areas.ts).
 */
export const LocationSearchQuery = object({
  selected_only: SelectedOnly,
  query: optional(size(string(), 0, 100)),
  campaign_ref_id: optional(size(string(), 1, 64)),
  account_ref_id: optional(size(string(), 1, 64)),
  service_name: optional(size(string(), 1, 64)),
  next: optional(Cursor),
});

const ZipString = refine(string(), 'Zip', (v) => /^\d{5}$/.test(v) || 'Expected a 5-digit zip code');
/** POST {platform}/campaigns/{id}/settings/locations: the zips of the county being targeted. */
export const TargetBody = object({
  locations: refine(
    size(array(ZipString), 0, 2000),
    'Zips',
    (v) => v.length > 0 || CAMPAIGN_MESSAGES.noZipcodes,
  ),
});
export type TargetBody = Infer<typeof TargetBody>;
/** What the targeting call accepts: the zips and the county's target version they were chosen on. */
export const TargetSaveBody = assign(TargetBody, BasedOn);
export type TargetSaveBody = Infer<typeof TargetSaveBody>;

/** Half-hour slots 'HH:MM' of one day, '00:00' to '23:30'. */
export const TimeSlot = refine(
  string(),
  'TimeSlot',
  (v) => /^([01]\d|2[0-3]):(00|30)$/.test(v) || 'Pick a half-hour time',
);
export const ScheduleDay = object({
  weekday: max(min(integer(), 0), 6),
  day: string(),
  is_opened: boolean(),
  is_24_hours: boolean(),
  from: nullable(TimeSlot),
  to: nullable(TimeSlot),
});
export type ScheduleDay = Infer<typeof ScheduleDay>;
export const ScheduleResponse = object({
  enable_call_schedule: boolean(),
  schedule: array(ScheduleDay),
  /** The schedule's version (contracts/versions.ts). */
  version: ReadVersion,
});
export type ScheduleResponse = Infer<typeof ScheduleResponse>;
export const ScheduleBody = object({
  enable_call_schedule: boolean(),
  schedule: size(array(ScheduleDay), 7, 7),
});
export type ScheduleBody = Infer<typeof ScheduleBody>;
/** What update_schedule accepts: the schedule and the version it was made from. */
export const ScheduleSaveBody = assign(ScheduleBody, BasedOn);
export type ScheduleSaveBody = Infer<typeof ScheduleSaveBody>;

/** POST {platform}/campaigns/{id}/settings/update_status */
export const StatusBody = object({ status: CampaignStatus, pause_duration: optional(PauseDuration) });
export type StatusBody = Infer<typeof StatusBody>;
/** What update_status accepts: the status and the status version it was made from. */
export const StatusChangeBody = assign(StatusBody, BasedOn);
export type StatusChangeBody = Infer<typeof StatusChangeBody>;
/** POST {platform}/campaigns/{id}/settings/location_status: county ids. */
export const LocationStatusBody = object({
  status: CampaignStatus,
  locations: size(array(max(min(integer(), 1), 2_147_483_647)), 1, 200),
  pause_duration: optional(PauseDuration),
});
export type LocationStatusBody = Infer<typeof LocationStatusBody>;
/** What location_status accepts: the change and the counties' status version it was made from. */
export const LocationStatusChangeBody = assign(LocationStatusBody, BasedOn);
export type LocationStatusChangeBody = Infer<typeof LocationStatusChangeBody>;

export const StatusResponse = object({ message: string(), status: StatusInfo });
export type StatusResponse = Infer<typeof StatusResponse>;
export const LocationStatusResponse = object({ message: string(), locations: array(CampaignLocation) });
export const TargetResponse = object({ message: string(), location: CampaignLocation });
export const ScheduleUpdateResponse = object({ message: string(), schedule: ScheduleResponse });

/** Campaign creation (part 2): the services an account may run (GET /{platform}/campaign/services). */
/** GET /client/{platform}/accounts (and the older GET /campaign/accounts): the accounts a campaign may be created on. */
export const CreateAccountsResponse = object({
  accounts: array(object({ ref_id: string(), name: string(), platform: string() })),
});
export const ServicesQuery = object({ account_ref_id: size(string(), 1, 64) });
export const ServicesResponse = object({ services: array(object({ name: string(), label: string() })) });
export const CreateCampaignBody = object({
  account_id: size(string(), 1, 64),
  service: size(string(), 1, 64),
  locations: refine(
    size(array(ZipString), 0, 2000),
    'Zips',
    (v) => v.length > 0 || CAMPAIGN_MESSAGES.noZipcodesCreate,
  ),
});
export type CreateCampaignBody = Infer<typeof CreateCampaignBody>;
export const CreateCampaignResponse = object({
  message: string(),
  campaign: object({ id: number(), name: string() }),
});

export const PlatformParam = object({
  platform: refine(string(), 'Platform', (v) => /^[a-z_]{2,32}$/.test(v) || 'Not found'),
});
/** The path segment {platform} or {product}: lower-case letters and underscores. */
export const SettingsParams = object({
  platform: refine(string(), 'Platform', (v) => /^[a-z_]{2,32}$/.test(v) || 'Not found'),
  id: refine(string(), 'Id', (v) => (/^\d{1,10}$/.test(v) && Number(v) <= 2_147_483_647) || 'Not found'),
});
export const ProviderParams = object({
  id: refine(string(), 'Id', (v) => (/^\d{1,10}$/.test(v) && Number(v) <= 2_147_483_647) || 'Not found'),
  providerId: refine(
    string(),
    'Id',
    (v) => (/^\d{1,10}$/.test(v) && Number(v) <= 2_147_483_647) || 'Not found',
  ),
});
