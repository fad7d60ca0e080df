/**
 * The campaigns CSV: every campaign matching the request's filters and search, in the table's
 * order, with the lead and cost figures of the request's dates (the same numbers as the list,
 * which it reuses page by page).
 */
import { count, eq } from 'drizzle-orm';
import { type CampaignsQuery, SORTABLE_CAMPAIGN_COLUMNS } from '../../../src/api/contracts/campaigns';
import type { ExportBody } from '../../../src/api/contracts/toolbar';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { accounts } from '../../db/schema/shell';
import { csvLine } from '../exports/csv';
import type { Exporter } from '../exports/exports';
import type { LeadScope } from '../leads/leads-filters';
import { campaignsWhere } from './campaigns-filters';
import { listCampaigns } from './campaigns-list';

const BATCH = 500;
const COLUMNS = [
  'name',
  'account',
  'service',
  'product',
  'status',
  'call_leads',
  'form_leads',
  'total_leads',
  'spend',
  'spend_limit',
];
const HEADER = [
  'Campaign ID',
  'Name',
  'Account',
  'Service',
  'Product',
  'Status',
  'Call Leads',
  'Form Leads',
  'Total Leads',
  'Spend',
  'Spend Limit',
];

export type CampaignExportParams = { scope: LeadScope; body: ExportBody };

const queryOf = (body: ExportBody, page: number): CampaignsQuery => ({
  page,
  per_page: BATCH,
  order: body.order ?? 'asc',
  order_by: (SORTABLE_CAMPAIGN_COLUMNS as readonly string[]).includes(body.order_by ?? '')
    ? (body.order_by as CampaignsQuery['order_by'])
    : 'name',
  start_date: body.start_date,
  end_date: body.end_date,
  query: body.query,
  filters: body.filters,
  location_ids: body.location_ids,
});

export const campaignsExporter: Exporter<CampaignExportParams> = {
  label: 'Campaigns',
  async count(db, { scope, body }) {
    const [row] = await db
      .select({ n: count() })
      .from(campaigns)
      .innerJoin(accounts, eq(accounts.id, campaigns.account_id))
      .where(campaignsWhere(scope.organizationId, body));
    return Number(row.n);
  },
  async *lines(db: Db, { scope, body }) {
    yield csvLine(HEADER);
    for (let page = 1; ; page += 1) {
      const answer = await listCampaigns(db, scope, queryOf(body, page));
      for (const row of answer.campaigns) {
        const cells = new Map(row.data.map((c) => [c.name, c.value]));
        yield csvLine([row.ref_id, ...COLUMNS.map((name) => cells.get(name) ?? '')]);
      }
      if (page >= answer.total_pages) return;
    }
  },
};
