/**
 * Keeps keyboard focus inside a dialog while it is open (WAI-ARIA dialog pattern): focus moves in
 * on open, Tab and Shift+Tab wrap around, Escape calls `onEscape`, and on close focus returns to
 * whatever had it before (the button or select that opened the dialog).
 *
 * When focus has fallen out of every dialog (the element that had it was disabled or removed),
 * Escape still closes the topmost open one: the open traps form a stack.
 */
import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const open: HTMLElement[] = [];

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hidden && el.tabIndex >= 0);
}

/** `initialFocus` picks the element to focus on open; the first focusable one otherwise. */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  onEscape: () => void,
  initialFocus?: (root: HTMLElement) => HTMLElement | null,
) {
  const latest = useRef({ onEscape, initialFocus });
  latest.current = { onEscape, initialFocus };

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (latest.current.initialFocus?.(root) ?? focusableIn(root)[0] ?? root).focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        latest.current.onEscape();
        return;
      }
      if (event.key !== 'Tab' || !root) return;
      const items = focusableIn(root);
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      const inside = root.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }

    // Escape pressed with focus outside every open dialog (e.g. on <body>) goes to the topmost.
    function onStrayKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || open.at(-1) !== root) return;
      if (open.some((dialog) => dialog.contains(event.target as Node))) return;
      onKeyDown(event);
    }

    open.push(root);
    root.addEventListener('keydown', onKeyDown);
    document.addEventListener('keydown', onStrayKeyDown);
    return () => {
      open.splice(open.indexOf(root), 1);
      root.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('keydown', onStrayKeyDown);
      if (previous?.isConnected) previous.focus();
    };
  }, [ref]);
}
