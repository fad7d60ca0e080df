/**
 * The performance page's tables (spec part 3 §2.3): Top 10 Campaigns, Accounts and Recent Lead
 * Activity, whose lead name or created date opens that lead on the leads page (?id=).
 */

import { Link } from 'wouter';
import type { OverviewResponse } from '../../api/contracts/performance';
import { ROUTES } from '../../lib/routes';
import { DATE_TIME, zonedFormat } from '../../lib/time-zone';
import { formatValue } from './format';
import { TableWrap } from './table-wrap';

const leadHref = (id: number) => `${ROUTES.leads}?id=${id}`;

const when = (iso: string, zone?: string | null) => zonedFormat(DATE_TIME, zone).format(Date.parse(iso));

function Simple({ title, head, rows }: { title: string; head: string[]; rows: React.ReactNode[][] }) {
  return (
    <TableWrap label={`${title} table`}>
      <table className="perf-table" aria-label={title}>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className="perf-table__empty">
                No data available
              </td>
            </tr>
          ) : (
            rows.map((cells, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and static per answer
              <tr key={i}>
                {cells.map((c, j) => (
                  <td key={head[j]}>{c}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableWrap>
  );
}

export function OverviewTables({ data, zone }: { data: OverviewResponse; zone?: string | null }) {
  return (
    <div className="perf-grid perf-grid--2">
      <section className="perf-panel" aria-label="Top 10 Campaigns">
        <h2 className="perf-panel__title">Top 10 Campaigns</h2>
        <Simple
          title="Top 10 Campaigns"
          head={['Campaign', 'Account', 'Leads', 'Cost']}
          rows={data.campaigns.map((c) => [
            c.campaign_name,
            c.account_name,
            formatValue(c.total_leads),
            formatValue(c.leads_cost, 'money'),
          ])}
        />
      </section>
      <section className="perf-panel" aria-label="Accounts">
        <h2 className="perf-panel__title">Accounts</h2>
        <Simple
          title="Accounts"
          head={['Account', 'Brand', 'Leads', 'Cost']}
          rows={data.accounts.map((a) => [
            a.account_name,
            a.brand_name ?? '—',
            formatValue(a.total_leads),
            formatValue(a.leads_cost, 'money'),
          ])}
        />
      </section>
      <section className="perf-panel perf-grid__wide" aria-label="Recent Lead Activity">
        <div className="perf-panel__head">
          <h2 className="perf-panel__title">Recent Lead Activity</h2>
          <Link href={ROUTES.leads} className="button button--ghost">
            View all
          </Link>
        </div>
        <Simple
          title="Recent Lead Activity"
          head={['Name', 'Created', 'Type', 'Service', 'Cost']}
          rows={data.recent_leads.map((l) => [
            <Link key="n" href={leadHref(l.lead_id)}>
              {l.name}
            </Link>,
            <Link key="d" href={leadHref(l.lead_id)}>
              {when(l.created_at, zone)}
            </Link>,
            l.lead_type,
            l.service,
            formatValue(l.cost, 'money'),
          ])}
        />
      </section>
    </div>
  );
}
