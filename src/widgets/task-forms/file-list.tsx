/**
 * The scrolling list of files and documents on file (licenses, insurance, brand assets): at most
 * its CSS height, then it scrolls, and while it scrolls it is focusable (use-scrollable-focus.ts)
 * so a keyboard user can reach and scroll it (axe: scrollable-region-focusable).
 */
import { type ReactNode, useRef } from 'react';
import { useScrollableFocus } from '../../ui/use-scrollable-focus';

export function FileList({ label, children }: { label: string; children: ReactNode }) {
  const list = useRef<HTMLUListElement>(null);
  useScrollableFocus(list);
  return (
    <ul ref={list} className="task-licenses" aria-label={label}>
      {children}
    </ul>
  );
}
