/**
 * A button that shows and hides a panel (the header's dropdowns), keyboard-complete:
 * - Enter/Space toggle it (a real <button>); ArrowDown on the button opens it and focuses the
 *   first item; ArrowUp/ArrowDown/Home/End move between the panel's items;
 * - Escape closes it and returns focus to the button; so does choosing an item (close());
 * - a pointer press outside, or focus leaving the button and panel, closes it without moving focus.
 * Uses the disclosure pattern (aria-expanded + aria-controls), which needs no menu roles.
 */
import { type FocusEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';

type Pick = (items: HTMLElement[], index: number) => HTMLElement | undefined;

/** Keys that move focus inside an open panel. */
const MOVES: Record<string, Pick> = {
  ArrowDown: (items, index) => items[(index + 1) % items.length],
  ArrowUp: (items, index) => items[(index - 1 + items.length) % items.length],
  Home: (items) => items[0],
  End: (items) => items[items.length - 1],
};

const ITEMS = 'a[href], button:not([disabled]), [tabindex="0"]';

function focusItem(
  panel: HTMLElement | null,
  pick: (items: HTMLElement[], index: number) => HTMLElement | undefined,
) {
  if (!panel) return;
  const items = Array.from(panel.querySelectorAll<HTMLElement>(ITEMS)).filter(
    (item) => item.offsetParent !== null || item === document.activeElement,
  );
  const index = items.indexOf(document.activeElement as HTMLElement);
  pick(items, index)?.focus();
}

export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    setOpen(true);
    requestAnimationFrame(() => focusItem(panelRef.current, (items) => items[0]));
  };

  const onPanelKeyDown = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    focusItem(panelRef.current, move);
  };

  const onRootBlur = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return {
    open,
    setOpen,
    close,
    rootProps: { ref: rootRef, onBlur: onRootBlur },
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': id,
      onClick: () => setOpen((shown) => !shown),
      onKeyDown: onButtonKeyDown,
    },
    panelProps: { ref: panelRef, id, hidden: !open, tabIndex: -1, onKeyDown: onPanelKeyDown },
  };
}
