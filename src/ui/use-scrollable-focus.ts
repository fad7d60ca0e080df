/**
 * A region that scrolls must be reachable by keyboard (WCAG 2.1.1; axe's
 * scrollable-region-focusable): while its content overflows, the element gets tabIndex 0 so Tab
 * can land on it and the arrow keys scroll it; when everything fits it leaves the tab order.
 * Used by the modal's and the drawer's bodies (a call transcript is plain text).
 */
import { type RefObject, useEffect } from 'react';

export function useScrollableFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const scrolls = element.scrollHeight > element.clientHeight + 1;
      if (scrolls) element.tabIndex = 0;
      else element.removeAttribute('tabindex');
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    // The content changes size without the box changing (a tab switched, rows loaded).
    const mutations = new MutationObserver(update);
    mutations.observe(element, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [ref]);
}
