/**
 * The leads CSV: every lead of the request's dates, locations, filters and search, in the table's
 * order, every column (the file is "all data for the type between the dates", not the visible
 * columns). Times are written in the organization's time zone, as the customer reads them, each
 * with its zone's abbreviation ('2026-11-20 14:05 CST'; CDT in summer), as the screens say it.
 * Rows are read a batch at a time without OFFSET (export-pages.ts), so a large export streams in
 * constant memory and reads each lead once.
 */
import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { type LeadsQuery, SORTABLE_LEAD_COLUMNS } from '../../../src/api/contracts/leads';
import type { ExportBody } from '../../../src/api/contracts/toolbar';
import { zoneAbbreviation, zonedFormat } from '../../../src/lib/time-zone';
import { type Db, rowsOf } from '../../db/client';
import { leads } from '../../db/schema/leads';
import { accounts } from '../../db/schema/shell';
import { csvLine } from '../exports/csv';
import { keysetPages, timeWindows } from '../exports/export-pages';
import type { Exporter } from '../exports/exports';
import { type LeadScope, leadsWhere } from './leads-filters';
import { dollars, leadRowsQuery, orderOf, sortColumnOf } from './leads-list';

const BATCH = 2000;

/**
 * The matching leads in the table's order, a batch at a time (export-pages.ts): in time order
 * (the default) window by window of the range, any other order by keyset.
 */
function batches(db: Db, scope: LeadScope, body: ExportBody, where: SQL) {
  const sort = sortOf(body);
  const order = orderOf(sort);
  const descending = sort.order === 'desc';
  if (sort.order_by !== 'created_at') {
    const column = sortColumnOf(sort.order_by);
    return keysetPages(
      column,
      leads.id,
      descending,
      BATCH,
      (next) =>
        leadRowsQuery(db, and(where, next) as SQL, column)
          .orderBy(...order)
          .limit(BATCH),
      (row) => ({ value: row.cursor, id: row.id }),
    );
  }
  return (async function* () {
    const range = await rangeOf(db, scope, body);
    yield* timeWindows(range.from, range.until, descending, BATCH, (lo, hi) =>
      leadRowsQuery(db, and(where, gte(leads.created_at, lo), lt(leads.created_at, hi)) as SQL).orderBy(
        ...order,
      ),
    );
  })();
}

/** The instants the export's days span, to the millisecond (the ends of local days are whole). */
async function rangeOf(db: Db, scope: LeadScope, body: ExportBody): Promise<{ from: Date; until: Date }> {
  const zone = scope.timeZone;
  const [row] = await rowsOf<{ from: string; until: string }>(
    db,
    sql`select (extract(epoch from (${body.start_date}::date)::timestamp at time zone ${zone}) * 1000)::bigint::text as "from",
      (extract(epoch from ((${body.end_date}::date) + 1)::timestamp at time zone ${zone}) * 1000)::bigint::text as "until"`,
  );
  return { from: new Date(Number(row.from)), until: new Date(Number(row.until)) };
}

export type LeadExportParams = { scope: LeadScope; body: ExportBody };

const HEADER = [
  'Lead ID',
  'Type',
  'Name',
  'Created',
  'Service',
  'City',
  'State',
  'Zip Code',
  'Cost',
  'Billable',
  'Phone Number',
  'Email',
  'Address',
  'Review Status',
];

const CSV_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** '2026-11-20 14:05 CST': sorts as text, and says its zone (CST or CDT) row by row. */
export function csvTime(at: Date, zone: string): string {
  return `${zonedFormat(CSV_TIME, zone, 'en-CA').format(at).replace(',', '')} ${zoneAbbreviation(at, zone)}`;
}

const sortOf = (body: ExportBody) => ({
  order: body.order ?? ('desc' as const),
  order_by: (SORTABLE_LEAD_COLUMNS as readonly string[]).includes(body.order_by ?? '')
    ? (body.order_by as LeadsQuery['order_by'])
    : ('created_at' as const),
});

export const leadsExporter: Exporter<LeadExportParams> = {
  label: 'Leads',
  async count(db: Db, { scope, body }) {
    const [row] = await db
      .select({ n: count() })
      .from(leads)
      .innerJoin(accounts, eq(accounts.id, leads.account_id))
      .where(leadsWhere(scope, body));
    return Number(row.n);
  },
  async *lines(db: Db, { scope, body }) {
    yield csvLine(HEADER);
    const where = leadsWhere(scope, body);
    for await (const rows of batches(db, scope, body, where)) {
      for (const r of rows) {
        yield csvLine([
          r.ref_id,
          r.lead_type,
          r.name,
          r.created_at ? csvTime(r.created_at, scope.timeZone) : '',
          r.service,
          r.city,
          r.state,
          r.zipcode,
          dollars(r.cost_cents ?? 0),
          r.billable ? 'Yes' : 'No',
          r.phone_number,
          r.email,
          r.address,
          r.review_status ?? '',
        ]);
      }
    }
  },
};
