/**
 * A button that shows and hides a panel: the header's dropdowns and the toolbar's Filter and
 * Table Config menus. Keyboard-complete, using the disclosure pattern (aria-expanded +
 * aria-controls), which needs no menu roles:
 * - the button toggles it; ArrowDown on the button opens it and focuses the first item;
 *   ArrowUp/ArrowDown/Home/End move between the items of a panel given `panelProps`;
 * - Escape closes it and returns focus to the button; so does choosing an item (`close()`);
 * - a pointer press outside, or focus leaving a root given `rootProps`, closes it without moving
 *   focus.
 * A modal dialog opened over the panel (Save Filter from the Filter menu) owns the keyboard and
 * the pointer: its Escape and its presses are not the panel's, so the panel is still there after.
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

function focusItem(panel: HTMLElement | null, pick: Pick) {
  if (!panel) return;
  const items = Array.from(panel.querySelectorAll<HTMLElement>(ITEMS)).filter(
    (item) => item.offsetParent !== null || item === document.activeElement,
  );
  const index = items.indexOf(document.activeElement as HTMLElement);
  pick(items, index)?.focus();
}

/** True while a modal dialog that the disclosure is not part of is open above it. */
function coveredByDialog(root: HTMLElement | null): boolean {
  return [...document.querySelectorAll('dialog[open]')].some((dialog) => !root || !dialog.contains(root));
}

export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = `${useId()}-panel`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  const toggle = useCallback(() => setOpen((shown) => !shown), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const root = rootRef.current;
      if (root?.contains(event.target as Node) || coveredByDialog(root)) return;
      setOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || coveredByDialog(rootRef.current)) return;
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
    toggle,
    /** The element that holds the button and the panel: presses inside it are not outside. */
    rootRef,
    /** rootRef plus closing when focus leaves the root (the header's dropdowns). */
    rootProps: { ref: rootRef, onBlur: onRootBlur },
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: toggle,
      onKeyDown: onButtonKeyDown,
    },
    /** For a panel that stays mounted and is hidden while closed, with arrow-key moves. */
    panelProps: { ref: panelRef, id: panelId, hidden: !open, tabIndex: -1, onKeyDown: onPanelKeyDown },
    panelId,
  };
}
