/**
 * The leads CSV: every lead of the request's dates, locations, filters and search, in the table's
 * order, every column (the file is "all data for the type between the dates", not the visible
 * columns). Times are written in the organization's time zone, as the customer reads them.
 * Rows are read in pages of BATCH so a large export streams instead of loading at once.
 */
import { count, eq } from 'drizzle-orm';
import { type LeadsQuery, SORTABLE_LEAD_COLUMNS } from '../../src/api/contracts/leads';
import type { ExportBody } from '../../src/api/contracts/toolbar';
import type { Db } from '../db/client';
import { leads } from '../db/schema/leads';
import { accounts } from '../db/schema/shell';
import { csvLine } from './csv';
import type { Exporter } from './exports';
import { type LeadScope, leadsWhere } from './leads-filters';
import { dollars, leadRowsQuery, orderOf } from './leads-list';

const BATCH = 2000;

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

function localTime(zone: string) {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (at: Date) => format.format(at).replace(',', '');
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
    const when = localTime(scope.timeZone);
    const where = leadsWhere(scope, body);
    const order = orderOf(sortOf(body));
    for (let offset = 0; ; offset += BATCH) {
      const rows = await leadRowsQuery(db, where)
        .orderBy(...order)
        .limit(BATCH)
        .offset(offset);
      for (const r of rows) {
        yield csvLine([
          r.ref_id,
          r.lead_type,
          r.name,
          r.created_at ? when(r.created_at) : '',
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
      if (rows.length < BATCH) return;
    }
  },
};
