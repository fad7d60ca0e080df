/**
 * A breakdown table (spec part 3 §3 generic table response): the rows of one page and a totals
 * row, 'No data available' when empty, blurred while a new page or filter loads, pagination
 * hidden with one page or fewer. Cells are formatted by their name (money, percent, count);
 * ad thumbnails show as images, and as a neat empty box when missing or not loadable (offline: the
 * thumbnails are not precached).
 */

import { type ReactNode, useState } from 'react';
import type { Cell, TableResponse } from '../../api/contracts/performance';
import { Pagination } from '../../ui/table/pagination';
import { cellKind, formatValue } from './format';
import { TableWrap } from './table-wrap';

function Thumbnail({ src }: { src: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return <span className="perf-thumb perf-thumb--missing" role="img" aria-label="No preview" />;
  }
  return <img className="perf-thumb" src={src} alt="" loading="lazy" onError={() => setFailed(src)} />;
}

function CellValue({ cell, total = false }: { cell: Cell; total?: boolean }) {
  if (cell.name === 'ad_thumbnail') {
    return total ? null : <Thumbnail src={typeof cell.value === 'string' ? cell.value : null} />;
  }
  // The totals row has no ad text to show (a dash there reads as a missing figure).
  if (cell.name === 'ad_text' && total) return null;
  if (typeof cell.value === 'string' || cell.name === 'name') return <>{cell.value ?? '—'}</>;
  return <>{formatValue(cell.value, cellKind(cell.name))}</>;
}

export function ReportTable({
  title,
  data,
  loading,
  page,
  perPage,
  onPage,
  actions,
}: {
  title: string;
  data: TableResponse | undefined;
  loading: boolean;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  actions?: ReactNode;
}) {
  const columns = data?.totals ?? data?.accounts[0]?.data ?? [];
  const rows = data?.accounts ?? [];
  const from = rows.length ? (page - 1) * perPage + 1 : 0;
  return (
    <section className="perf-panel" aria-label={title}>
      <div className="perf-panel__head">
        <h2 className="perf-panel__title">{title}</h2>
        {actions}
      </div>
      <TableWrap label={`${title} table`} loading={loading}>
        <table className="perf-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.name} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={Math.max(columns.length, 1)} className="perf-table__empty">
                  {loading && !data ? 'Loading…' : 'No data available'}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.key} data-key={row.key}>
                  {row.data.map((cell) => (
                    <td key={cell.name} data-cell={cell.name}>
                      <CellValue cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {rows.length && data ? (
            <tfoot>
              <tr>
                {data.totals.map((cell) => (
                  <td key={cell.name} data-total={cell.name}>
                    <CellValue cell={cell} total />
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </TableWrap>
      {data ? (
        <Pagination
          current={data.current_page}
          total={data.total_pages}
          from={from}
          to={from ? from + rows.length - 1 : 0}
          records={data.total_records}
          onPage={onPage}
          label={`${title} pages`}
        />
      ) : null}
    </section>
  );
}
