/**
 * The shared data table: sortable headers, resizable columns and virtualised rows.
 *
 * - Rows have one fixed height and only the ones in view (plus a margin) are in the DOM, between
 *   two spacer rows; 10,000 rows scroll like 20. "In view" is the box's own scroll, and the
 *   window's when the box has no height limit and scrolls with the page (the leads list). Cell text never wraps (it is cut with an
 *   ellipsis and kept whole in the title), or the fixed height would lie.
 * - Widths: a column's saved width, else its default; dragging the handle (or Alt+ArrowLeft/Right
 *   on the column's header button) resizes it live and `onResize` is called once when the drag
 *   ends, with the width clamped to more than 100 and at most 600 px (spec part 3 §5). The
 *   handles are not in the tab order: Tab goes from the headers to the rows.
 * - Columns wider in total than the box are fitted into it (fit-widths.ts), never below what their
 *   header needs, so no column hides behind a sideways scroll at laptop widths. `fit` (narrow
 *   screens) shares the table's width among the columns in proportion, and cannot be resized.
 * - Trailing `pinEnd` columns (a row's actions) stay in view at the right edge when the floors
 *   do not fit and the table scrolls sideways.
 * - Loading with nothing to show draws skeleton rows; `error` (with its own Retry) replaces the
 *   empty text when the rows could not be loaded.
 * - Props in, JSX out: no fetching and no storage here.
 */
import './table.css';
import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { fitWidths, headerFloor } from './fit-widths';
import { clampWidth, MAX_WIDTH, MIN_WIDTH, useColumnResize } from './use-column-resize';

export type Column = {
  name: string;
  label: string;
  width?: number | null;
  sortable?: boolean;
  /** The narrowest this column may be fitted to (its usual content), beyond its header's needs. */
  minWidth?: number;
  /**
   * Kept in view at the right edge when the table scrolls sideways (a row's action buttons).
   * Only trailing columns are pinned; not in `fit` mode.
   */
  pinEnd?: boolean;
};
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
  /** Shown instead of the empty text when the rows could not be loaded (say what, offer Retry). */
  error?: ReactNode;
  fit?: boolean;
  rowHeight?: number;
};

const DEFAULT_WIDTH = 160;

/** Each column's distance from the right edge when it is pinned there, else null. */
function pinOffsets(columns: Column[], widths: number[], fit: boolean): (number | null)[] {
  const offsets: (number | null)[] = columns.map(() => null);
  if (fit) return offsets;
  let right = 0;
  for (let i = columns.length - 1; i >= 0 && columns[i].pinEnd; i -= 1) {
    offsets[i] = right;
    right += widths[i];
  }
  return offsets;
}

const pinProps = (offset: number | null) =>
  offset === null ? {} : { className: 'data-table__pinned', style: { right: offset } };
const SKELETON_ROWS = [1, 2, 3, 4, 5];
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
  error,
  fit,
  rowHeight = 48,
}: DataTableProps<R>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: FALLBACK_VIEWPORT, width: 0 });
  const shown = useRef(view);
  const resize = useColumnResize(onResize);

  const step = useRef(rowHeight);
  step.current = rowHeight;
  // Measured before the first paint: the columns are fitted to the box's width from the first
  // frame (fitted after it, the skeleton rows' cells moved sideways as the page appeared).
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => {
      const box = element.getBoundingClientRect();
      // Without layout (test DOMs) the box has no height: the fallback viewport stands in.
      const laidOut = box.height > 0;
      // The part of the box scrolled above the window's top: a box with no height limit (the
      // leads list) scrolls with the page, and its rows in view are the window's.
      const above = laidOut ? Math.max(0, -box.top) : 0;
      const height = laidOut ? Math.min(element.clientHeight, window.innerHeight) : FALLBACK_VIEWPORT;
      // Whole rows only: scrolling within a row changes nothing drawn, so it renders nothing.
      const top = Math.floor((element.scrollTop + above) / step.current) * step.current;
      const width = element.clientWidth;
      // Nothing scheduled when nothing changed: a no-op update still renders the table again.
      const current = shown.current;
      if (current.top === top && current.height === height && current.width === width) return;
      shown.current = { top, height, width };
      setView(shown.current);
    };
    measure();
    // Capture on the document hears this box's scroll and any scroller around it (the page's).
    document.addEventListener('scroll', measure, { capture: true, passive: true });
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      document.removeEventListener('scroll', measure, { capture: true });
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);

  const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  const visible = rows.slice(first, last);
  const widthOf = (column: Column) => clampWidth(resize.live[column.name] ?? column.width ?? DEFAULT_WIDTH);
  const totalWidth = columns.reduce((sum, column) => sum + widthOf(column), 0);
  const fitted = fitWidths(
    columns.map(widthOf),
    columns.map((c) => Math.max(headerFloor(c.label, Boolean(c.sortable)), c.minWidth ?? 0)),
    view.width,
  );
  const shownWidth = fitted.reduce((sum, width) => sum + width, 0);
  const pins = pinOffsets(columns, fitted, Boolean(fit));
  const resizeKey = (event: KeyboardEvent<HTMLElement>, column: Column) => {
    if (onResize && !fit && event.altKey) resize.key(event, column.name, widthOf(column));
  };
  const skeleton = loading && rows.length === 0;
  // New widths from the caller (a saved resize, a Reset) replace what a drag left behind.
  const widthKey = columns.map((c) => `${c.name}:${c.width ?? ''}`).join();
  const clearLive = resize.clear;
  // biome-ignore lint/correctness/useExhaustiveDependencies: widthKey is the trigger, not a value used
  useEffect(() => clearLive(), [widthKey]);

  return (
    <div
      ref={scroller}
      className={`data-table${loading && !skeleton ? ' data-table--loading' : ''}${fit ? ' data-table--fit' : ''}`}
      aria-busy={loading || undefined}
    >
      <table className="data-table__table" style={fit ? undefined : { width: shownWidth }}>
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          {columns.map((column, i) => (
            <col
              key={column.name}
              style={{ width: fit ? `${(100 * widthOf(column)) / totalWidth}%` : fitted[i] }}
            />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column, i) => {
              const sorted = sort?.by === column.name ? sort.order : null;
              return (
                <th
                  key={column.name}
                  scope="col"
                  {...pinProps(pins[i])}
                  aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sortable && onSort ? (
                    <button
                      type="button"
                      className="data-table__sort"
                      onClick={() => onSort(column.name)}
                      onKeyDown={(event) => resizeKey(event, column)}
                      aria-keyshortcuts={onResize && !fit ? 'Alt+ArrowLeft Alt+ArrowRight' : undefined}
                    >
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
                    // A window splitter (WAI-ARIA) for the pointer; <hr> cannot carry a value. Out of
                    // the tab order: the header button resizes with Alt+Arrow keys instead.
                    // biome-ignore lint/a11y/useSemanticElements: a splitter is not a thematic break
                    <span
                      role="separator"
                      aria-orientation="vertical"
                      aria-label={`Resize ${column.label}`}
                      aria-valuenow={widthOf(column)}
                      aria-valuemin={MIN_WIDTH}
                      aria-valuemax={MAX_WIDTH}
                      className="data-table__resizer"
                      onPointerDown={(event) => resize.start(event, column.name, widthOf(column))}
                    />
                  ) : null}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={skeleton ? 'skeleton-pulse' : undefined}>
          {skeleton
            ? SKELETON_ROWS.map((n) => (
                <tr key={`skeleton-${n}`} className="data-table__skeleton" style={{ height: rowHeight }}>
                  {columns.map((column) => (
                    <td key={column.name}>
                      <span className="skeleton-bar" />
                    </td>
                  ))}
                </tr>
              ))
            : null}
          {first > 0 ? <tr className="data-table__spacer" style={{ height: first * rowHeight }} /> : null}
          {visible.map((row) => (
            // The mouse can click anywhere on a row; the keyboard uses the button in its first cell.
            <tr
              key={rowKey(row)}
              className={`data-table__row ${rowClassName?.(row) ?? ''}`}
              style={{ height: rowHeight }}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
            >
              {columns.map((column, i) => (
                <td
                  key={column.name}
                  title={cellText?.(row, column.name) || undefined}
                  {...pinProps(pins[i])}
                >
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
      {rows.length === 0 && !loading && error ? <div className="data-table__error">{error}</div> : null}
      {rows.length === 0 && !loading && !error ? <p className="data-table__empty">{emptyText}</p> : null}
    </div>
  );
}
