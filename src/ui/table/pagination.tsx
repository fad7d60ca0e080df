/**
 * Table pagination (spec part 3 §2.11, §9): 'Showing from-to of total', previous and next, the
 * first and last page, up to four page numbers starting from the page before the current one, and
 * ellipses for the pages skipped. Hidden when there is one page or fewer.
 */
import './table.css';

export type PageItem = number | 'gap';

/** The buttons to show: first, a window of `size` from current - 1, last, gaps where pages are skipped. */
export function pageWindow(current: number, total: number, size = 4): PageItem[] {
  if (total <= 1) return [];
  const start = Math.max(1, Math.min(current - 1, total - size + 1));
  const end = Math.min(total, start + size - 1);
  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('gap');
  for (let page = start; page <= end; page++) items.push(page);
  if (end < total - 1) items.push('gap');
  if (end < total) items.push(total);
  return items;
}

export type PaginationProps = {
  current: number;
  total: number;
  from: number;
  to: number;
  records: number;
  onPage: (page: number) => void;
  label?: string;
};

export function Pagination({ current, total, from, to, records, onPage, label = 'Pages' }: PaginationProps) {
  if (total <= 1) return null;
  const items = pageWindow(current, total);
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination__summary">
        Showing {from}-{to} of {records}
      </p>
      <ul className="pagination__list">
        <li>
          <button
            type="button"
            className="pagination__button"
            disabled={current <= 1}
            onClick={() => onPage(current - 1)}
            aria-label="Previous page"
          >
            ‹
          </button>
        </li>
        {items.map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, told apart by position
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pagination__button"
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pagination__button"
            disabled={current >= total}
            onClick={() => onPage(current + 1)}
            aria-label="Next page"
          >
            ›
          </button>
        </li>
      </ul>
    </nav>
  );
}
