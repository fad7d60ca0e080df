/**
 * What the leads screen asks for on its first render, and reading it ahead: app/route-preload.ts
 * calls `primeLeadsScreen` alongside the session read and the route's chunks, so a reload (offline
 * above all) shows the stored rows in the first frame instead of after the page has mounted and
 * its live queries have answered.
 *
 * The list's body must be the page's, key for key: `listBody` builds both, from the first sort,
 * the user's report range in the account's zone (widgets/report-range; the zone is the stored
 * settings', else the one remembered on this device, as the page chooses) and the screen width (which decides the cells asked for). Only the device's cache is read here; the
 * page still makes its one request per read when it mounts.
 */
import {
  LEAD_COLUMN_NAMES,
  LEADS_PAGE_SIZE,
  type LeadColumnName,
  type LeadsQueryInput,
  LeadsResponse,
} from '@/api/contracts/leads';
import { SETTINGS_PATH, UserSettings } from '@/api/contracts/session';
import { FilterFieldsResponse, FiltersResponse, TableConfigResponse } from '@/api/contracts/toolbar';
import { primeCachedRead } from '@/sync/stored-read';
import { NARROW_QUERY } from '@/ui/use-narrow';
import { readReportRange } from '@/widgets/report-range/use-report-range';
import { filterFieldsPath, filtersPath, tableConfigPath } from '@/widgets/toolbar/toolbar-api';
import { rememberedZone } from '@/widgets/toolbar/zone-hint';
import { LEADS_PATH } from './leads-api';

/** The columns a narrow screen shows. */
export const NARROW_COLUMNS: LeadColumnName[] = ['name', 'created_at', 'cost'];
/**
 * The cells a request asks for (required_fields). A row's Call and Email actions read its contact
 * cells whatever columns are shown, so a narrow screen asks for its three columns and those, a wider
 * one for every column (the table shows the user's configured ones, whose widths come with it).
 */
const CONTACT_COLUMNS: LeadColumnName[] = ['phone_number', 'email'];
const NARROW_FIELDS: LeadColumnName[] = [...NARROW_COLUMNS, ...CONTACT_COLUMNS];
/** Newest first until the user sorts. */
export const FIRST_SORT = { by: 'created_at', order: 'desc' } as const;

type ListFields = Omit<LeadsQueryInput, 'order_by' | 'page' | 'per_page' | 'required_fields'> & {
  order_by: string;
};

/** The list request of a page of the table. */
export function listBody(fields: ListFields, page: number, narrow: boolean): LeadsQueryInput {
  return {
    ...fields,
    page,
    per_page: LEADS_PAGE_SIZE,
    order_by: fields.order_by as LeadsQueryInput['order_by'],
    required_fields: narrow ? NARROW_FIELDS : LEAD_COLUMN_NAMES,
  };
}

/** The list request of the screen's first render in `zone`. */
function firstListBody(userId: number, zone: string | null): LeadsQueryInput {
  const { start_date, end_date } = readReportRange(userId, zone);
  const narrow = typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
  return listBody({ order: FIRST_SORT.order, order_by: FIRST_SORT.by, start_date, end_date }, 1, narrow);
}

const primeList = (userId: number, zone: string | null) =>
  primeCachedRead(userId, LeadsResponse, LEADS_PATH, { method: 'POST', body: firstListBody(userId, zone) });

/** Reads the screen's stored settings, list and toolbar answers ahead of its first render. */
export async function primeLeadsScreen(userId: number): Promise<void> {
  const remembered = rememberedZone(userId);
  // The list is read at once in the remembered zone; again if the stored settings say otherwise.
  const settings = primeCachedRead(userId, UserSettings, SETTINGS_PATH).then(async (stored) => {
    const zone = stored ? (stored.time_zone ?? null) : remembered;
    if (zone !== remembered) await primeList(userId, zone);
  });
  await Promise.all([
    settings,
    remembered !== null ? primeList(userId, remembered) : undefined,
    primeCachedRead(userId, FiltersResponse, filtersPath('leads')),
    primeCachedRead(userId, FilterFieldsResponse, filterFieldsPath('leads')),
    primeCachedRead(userId, TableConfigResponse, tableConfigPath('leads')),
  ]);
}
