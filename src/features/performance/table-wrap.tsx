/**
 * The box a performance table scrolls sideways in: a named region in the tab order, so a keyboard
 * user can reach and scroll the columns beyond the screen's edge (narrow screens). Blurred while
 * its table loads.
 */
import type { ReactNode } from 'react';

export function TableWrap({
  label,
  loading,
  children,
}: {
  label: string;
  loading?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={`perf-table-wrap${loading ? ' perf-table-wrap--loading' : ''}`}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      aria-busy={loading || undefined}
    >
      {children}
    </section>
  );
}
