/**
 * A toolbar button's panel (Filter menu, Table Config): open and closed with aria-expanded, closed
 * by Escape (focus back on the button) or a press outside it. Presses inside a modal opened from
 * the panel do not count as outside.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';

export function usePopover() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (rootRef.current?.contains(target) || target?.closest?.('.modal__backdrop')) return;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('.modal__backdrop')) return;
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

  return {
    open,
    close,
    toggle: () => setOpen((value) => !value),
    rootRef,
    buttonProps: {
      ref: buttonRef,
      'aria-expanded': open,
      'aria-controls': `${id}-panel`,
    },
    panelId: `${id}-panel`,
  };
}
