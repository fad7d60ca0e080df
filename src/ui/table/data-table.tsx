/**
 * The shared data table: sortable headers, resizable columns and virtualised rows.
 *
 * - Rows have one fixed height and only the ones in view (plus a margin) are in the DOM, between
 *   two spacer rows; 10,000 rows scroll like 20. Cell text never wraps (it is cut with an
 *   ellipsis and kept whole in the title), or the fixed height would lie.
 * - Widths: a column's saved width, else its default; dragging (or arrow keys on the handle)
 *   resizes it live and `onResize` is called once when the drag ends, with the width clamped to
 *   more than 100 and at most 600 px (spec part 3 §5). `fit` (narrow screens) shares the table's
 *   width among the columns in proportion to their widths, and cannot be resized.
 * - Props in, JSX out: no fetching and no storage here.
 */
import './table.css';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { clampWidth, MAX_WIDTH, MIN_WIDTH, useColumnResize } from './use-column-resize';

export type Column = { name: string; label: string; width?: number | null; sortable?: boolean };
export type Sort = { by: string; order: 'asc' | 'desc' };

export type DataTableProps<R> = {
  caption: string;
  columns: Column[];
  rows: R[];
  rowKey: (row: R) => string | number;
  /** A cell's content; plain text is cut with an ellipsis. */
  cell: (row: R, column: string) => ReactNode;
  /** The text of a cell for its title (tooltip) when it is cut. */
  cellText?: (row: R, column: string) => string;
  sort?: Sort;
  onSort?: (column: string) => void;
  onResize?: (column: string, width: number) => void;
  onRowClick?: (row: R) => void;
  rowClassName?: (row: R) => string | undefined;
  loading?: boolean;
  emptyText?: string;
  fit?: boolean;
  rowHeight?: number;
};

const DEFAULT_WIDTH = 160;
const OVERSCAN = 8;
/** Used before the scroll box is measured (and in test DOMs, which have no layout). */
const FALLBACK_VIEWPORT = 900;

export function DataTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  cell,
  cellText,
  sort,
  onSort,
  onResize,
  onRowClick,
  rowClassName,
  loading,
  emptyText = 'No data available',
  fit,
  rowHeight = 48,
}: DataTableProps<R>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: FALLBACK_VIEWPORT });
  const resize = useColumnResize(onResize);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () =>
      setView({ top: element.scrollTop, height: element.clientHeight || FALLBACK_VIEWPORT });
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);

  const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  const visible = rows.slice(first, last);
  const widthOf = (column: Column) => clampWidth(resize.live[column.name] ?? column.width ?? DEFAULT_WIDTH);
  const totalWidth = columns.reduce((sum, column) => sum + widthOf(column), 0);

  return (
    <div
      ref={scroller}
      className={`data-table${loading ? ' data-table--loading' : ''}${fit ? ' data-table--fit' : ''}`}
      aria-busy={loading || undefined}
    >
      <table className="data-table__table" style={fit ? undefined : { width: totalWidth }}>
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          {columns.map((column) => (
            <col
              key={column.name}
              style={{ width: fit ? `${(100 * widthOf(column)) / totalWidth}%` : widthOf(column) }}
            />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = sort?.by === column.name ? sort.order : null;
              return (
                <th
                  key={column.name}
                  scope="col"
                  aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sortable && onSort ? (
                    <button type="button" className="data-table__sort" onClick={() => onSort(column.name)}>
                      {column.label}
                      <span
                        className={`data-table__arrow data-table__arrow--${sorted ?? 'none'}`}
                        aria-hidden="true"
                      />
                    </button>
                  ) : (
                    <span className="data-table__label">{column.label}</span>
                  )}
                  {onResize && !fit ? (
                    // A focusable window splitter (WAI-ARIA): <hr> cannot take focus or a value.
                    // biome-ignore lint/a11y/useSemanticElements: a focusable splitter is not a thematic break
                    <span
                      role="separator"
                      aria-orientation="vertical"
                      aria-label={`Resize ${column.label}`}
                      aria-valuenow={widthOf(column)}
                      aria-valuemin={MIN_WIDTH}
                      aria-valuemax={MAX_WIDTH}
                      tabIndex={0}
                      className="data-table__resizer"
                      onPointerDown={(event) => resize.start(event, column.name, widthOf(column))}
                      onKeyDown={(event) => resize.key(event, column.name, widthOf(column))}
                    />
                  ) : null}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {first > 0 ? <tr className="data-table__spacer" style={{ height: first * rowHeight }} /> : null}
          {visible.map((row) => (
            // The mouse can click anywhere on a row; the keyboard uses the button in its first cell.
            <tr
              key={rowKey(row)}
              className={`data-table__row ${rowClassName?.(row) ?? ''}`}
              style={{ height: rowHeight }}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
            >
              {columns.map((column) => (
                <td key={column.name} title={cellText?.(row, column.name) || undefined}>
                  <div className="data-table__cell">{cell(row, column.name)}</div>
                </td>
              ))}
            </tr>
          ))}
          {last < rows.length ? (
            <tr className="data-table__spacer" style={{ height: (rows.length - last) * rowHeight }} />
          ) : null}
        </tbody>
      </table>
      {rows.length === 0 && !loading ? <p className="data-table__empty">{emptyText}</p> : null}
    </div>
  );
}
