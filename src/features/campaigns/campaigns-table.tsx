/**
 * The campaigns table (spec part 3 §2.8): sortable headers (name, account, service, call_leads,
 * form_leads, total_leads, spend_limit), the status switch in its column, the name opening the
 * drawer, and rows that expand to list the campaign's providers (POST /campaigns/{id}/providers,
 * per_page 999). A plain table: 20 rows a page need no virtualising, and expanded rows vary in
 * height. Loading blurs it; no rows shows what the page says of it (campaigns-empty.tsx).
 */
import { Fragment, type ReactNode, useState } from 'react';
import {
  CAMPAIGN_MESSAGES,
  type CampaignRow,
  PROVIDERS_PAGE_SIZE,
  ProvidersResponse,
  SORTABLE_CAMPAIGN_COLUMNS,
} from '../../api/contracts/campaigns';
import type { TableColumn } from '../../api/contracts/toolbar';
import { useCachedRead } from '../../sync/use-cached-read';
import { providersPath } from './campaigns-api';
import { formatMoney } from './format';

export type Sort = { by: string; order: 'asc' | 'desc' };
const SORTABLE = new Set<string>(SORTABLE_CAMPAIGN_COLUMNS);
const MONEY = new Set(['spend', 'spend_limit']);

export type CampaignsTableProps = {
  rows: CampaignRow[];
  columns: TableColumn[];
  sort: Sort;
  onSort: (column: string) => void;
  onOpen: (row: CampaignRow) => void;
  status: (row: CampaignRow) => ReactNode;
  range: { start_date: string; end_date: string };
  loading: boolean;
  /** What an empty table says (why, and what comes next). */
  empty: ReactNode;
};

export function CampaignsTable({
  rows,
  columns,
  sort,
  onSort,
  onOpen,
  status,
  range,
  loading,
  empty,
}: CampaignsTableProps) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const value = (row: CampaignRow, name: string) => row.data.find((c) => c.name === name)?.value ?? null;
  const cell = (row: CampaignRow, name: string): ReactNode => {
    if (name === 'status') return status(row);
    if (name === 'name') {
      return (
        <button type="button" className="link-button campaigns-table__name" onClick={() => onOpen(row)}>
          {value(row, 'name')}
        </button>
      );
    }
    const text = value(row, name);
    return MONEY.has(name) ? (text === null ? '—' : formatMoney(text)) : (text ?? '');
  };

  return (
    <div
      className={`campaigns-table${loading ? ' campaigns-table--loading' : ''}`}
      aria-busy={loading || undefined}
    >
      <table>
        <caption className="visually-hidden">Campaigns</caption>
        <thead>
          <tr>
            <th scope="col" className="campaigns-table__expand">
              <span className="visually-hidden">Providers</span>
            </th>
            {columns.map((c) => (
              <th
                key={c.name}
                scope="col"
                aria-sort={
                  sort.by === c.name ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined
                }
              >
                {SORTABLE.has(c.name) ? (
                  <button type="button" className="campaigns-table__sort" onClick={() => onSort(c.name)}>
                    {c.label}
                    <span aria-hidden="true" className="campaigns-table__arrow">
                      {sort.by === c.name ? (sort.order === 'asc' ? '▲' : '▼') : ''}
                    </span>
                  </button>
                ) : (
                  c.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && !loading ? (
            <tr>
              <td colSpan={columns.length + 1} className="campaigns-table__empty">
                {empty}
              </td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <Fragment key={row.id}>
              <tr className="campaigns-table__row" data-campaign={row.id}>
                <td className="campaigns-table__expand">
                  {row.expandable ? (
                    <button
                      type="button"
                      className="icon-button"
                      aria-expanded={open.has(row.id)}
                      aria-label={`${open.has(row.id) ? 'Hide' : 'Show'} providers of ${value(row, 'name')}`}
                      onClick={() => toggle(row.id)}
                    >
                      {open.has(row.id) ? '−' : '+'}
                    </button>
                  ) : null}
                </td>
                {columns.map((c) => (
                  <td key={c.name} data-column={c.name}>
                    {cell(row, c.name)}
                  </td>
                ))}
              </tr>
              {open.has(row.id) ? (
                <tr className="campaigns-table__providers">
                  <td colSpan={columns.length + 1}>
                    <Providers campaignId={row.id} range={range} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Providers({ campaignId, range }: { campaignId: number; range: CampaignsTableProps['range'] }) {
  const read = useCachedRead(ProvidersResponse, providersPath(campaignId), {
    method: 'POST',
    body: { page: 1, per_page: PROVIDERS_PAGE_SIZE, ...range },
  });
  if (!read.data) {
    return read.loading ? (
      <p className="providers__note">Loading providers…</p>
    ) : (
      <p role="alert">{read.error?.message}</p>
    );
  }
  if (!read.data.providers.length) return <p className="providers__note">{CAMPAIGN_MESSAGES.noData}</p>;
  return (
    <ul className="providers" aria-label="Providers">
      {read.data.providers.map((p) => (
        <li key={p.id} className="providers__item">
          <span className="providers__name">{p.name}</span>
          <span className={`providers__status providers__status--${p.status}`}>{p.status}</span>
          <span>
            {p.total_leads} leads · {formatMoney(p.spend)} spend
          </span>
          {p.spend_limit ? <span>Limit {formatMoney(p.spend_limit)}</span> : null}
        </li>
      ))}
    </ul>
  );
}
