/**
 * The performance breakdown tables as CSV exports through the shared export flow (spec part 3
 * §2.4, §4 Export, §7 ".csv" variants of the breakdown paths): every row of the request's dates
 * and locations, one line per table row with the table's own columns. No totals line, so the file
 * sums to the table's totals. routes/exports.ts registers one export type per table, at the table's
 * path with `.csv` (PERFORMANCE_EXPORT_PATHS).
 *
 * - Locations: the request's location_ids must all be the caller's (422 otherwise), so an export
 *   never reads as another customer's locations, not even as an empty file.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  DEVICE_PROVIDERS,
  EXECUTIVE_PLATFORMS,
  type PerformanceExportType,
  PROGRAMMATIC_PROVIDERS,
  SOCIAL_PROVIDERS,
  type TableResponse,
} from '../../../src/api/contracts/performance';
import type { ExportBody } from '../../../src/api/contracts/toolbar';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema/shell';
import { unprocessable } from '../../lib/errors';
import { csvLine } from '../exports/csv';
import type { Exporter } from '../exports/exports';
import type { ReportCaller } from '../leads/leads-report';
import { executiveBreakdown } from './perf-executive';
import { locationsOverview } from './perf-ppc';
import { programmaticBreakdown } from './perf-programmatic';
import { revconnectLocations } from './perf-revconnect';
import { deviceTable, searchLocations } from './perf-search';
import { socialAdsBreakdown, socialLocations } from './perf-social';

export type PerfExportParams = { caller: ReportCaller; body: ExportBody };

type Everything = {
  start_date: string;
  end_date: string;
  account?: string;
  page: number;
  per_page: number;
  /** The table's own tab (platform, provider), sent as an equals filter. */
  tab?: string;
};

/** Every row on one page: the exports' page size. */
const ALL = 1_000_000;

const inputOf = (body: ExportBody): Everything => ({
  start_date: body.start_date,
  end_date: body.end_date,
  ...(body.location_ids?.length ? { account: body.location_ids.join(',') } : {}),
  page: 1,
  per_page: ALL,
  tab: body.filters?.find((f) => f.name === 'platform' || f.name === 'provider')?.value,
});

const oneOf = <T extends string>(list: readonly T[], value: string | undefined, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

function tableExporter(
  label: string,
  table: (db: Db, caller: ReportCaller, input: Everything) => Promise<TableResponse>,
): Exporter<PerfExportParams> {
  return {
    label,
    count: async (db, { caller, body }) => (await table(db, caller, inputOf(body))).total_records,
    async *lines(db, { caller, body }) {
      const answer = await table(db, caller, inputOf(body));
      const columns = answer.totals.filter((c) => c.name !== 'ad_thumbnail');
      yield csvLine(columns.map((c) => c.label));
      for (const row of answer.accounts) {
        const cells = new Map(row.data.map((c) => [c.name, c.value]));
        yield csvLine(columns.map((c) => cells.get(c.name)));
      }
    },
  };
}

/** Export type -> exporter; the type names the table (the toolbar's per-type export state). */
export const PERFORMANCE_EXPORTERS: Record<PerformanceExportType, Exporter<PerfExportParams>> = {
  'search-locations': tableExporter('Search Location Breakdown', searchLocations),
  'ppc-locations': tableExporter('PPC Locations Overview', locationsOverview),
  'device-breakdown': tableExporter('Device Breakdown', (db, c, i) =>
    deviceTable(db, c, { ...i, provider: oneOf(DEVICE_PROVIDERS, i.tab, 'ppc') }),
  ),
  'social-locations': tableExporter('Social Location Breakdown', (db, c, i) =>
    socialLocations(db, c, { ...i, provider: oneOf(SOCIAL_PROVIDERS, i.tab, 'all') }),
  ),
  'social-ads': tableExporter('Social Ads Breakdown', (db, c, i) =>
    socialAdsBreakdown(db, c, { ...i, provider: oneOf(SOCIAL_PROVIDERS, i.tab, 'all') }),
  ),
  'programmatic-breakdown': tableExporter('Programmatic Breakdown', (db, c, i) =>
    programmaticBreakdown(db, c, { ...i, provider: oneOf(PROGRAMMATIC_PROVIDERS, i.tab, 'all') }),
  ),
  'executive-breakdown': tableExporter('Platforms Breakdown', (db, c, i) =>
    executiveBreakdown(db, c, { ...i, platform: oneOf(EXECUTIVE_PLATFORMS, i.tab, 'franchise') }),
  ),
  'revconnect-locations': tableExporter('Location Breakdown', revconnectLocations),
};

/** The export's parameters; 422 when a location id is not one of the caller's. */
export async function perfExportParams(db: Db, caller: ReportCaller, body: ExportBody) {
  const wanted = body.location_ids ?? [];
  if (wanted.length) {
    const own = await db
      .select({ ref_id: accounts.ref_id })
      .from(accounts)
      .where(and(eq(accounts.organization_id, caller.organizationId), inArray(accounts.ref_id, wanted)));
    const known = new Set(own.map((a) => a.ref_id));
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length) throw unprocessable({ location_ids: [`Unknown location: ${unknown[0]}`] });
  }
  return { caller, body };
}
