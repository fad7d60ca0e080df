/**
 * The one dialog: a native <dialog> opened with showModal(). The browser then puts it in the top
 * layer, makes everything behind it inert (Tab, pointer and screen reader stay inside) and turns
 * Escape into a `cancel` event, so no focus trap of our own. The modal, the drawer, the date-range
 * dialog, the outbox panel and the packout ad are skins of it (`skin` plus a className).
 *
 * - Mounted means open: the parent renders it while it should show and unmounts it to close it.
 *   Escape, a press on the backdrop and the close buttons only ask, through `onClose`.
 * - Escape's `cancel` is cancelled so the dialog stays until the parent unmounts it; when the
 *   browser closes it anyway (a `cancel` it does not let us cancel), `onClose` is called too.
 * - Focus moves in on open (`initialFocus`, else the browser's pick: the first focusable element)
 *   and back to whatever had it before once the dialog unmounts.
 * - Rendered into document.body, so a dialog opened from a menu, a table row or a form is never
 *   nested in its markup (a form in a form, a hidden ancestor that would hide it too).
 */
import './dialog.css';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

/**
 * 'modal': a card in the middle of the screen; 'drawer': full height along the right edge, full
 * width on narrow screens; 'sheet': a card that docks to the bottom edge on narrow screens.
 */
type DialogSkin = 'modal' | 'drawer' | 'sheet';

export type DialogProps = {
  skin?: DialogSkin;
  /** The skin's variant and the content's own layout (e.g. 'modal modal--small'). */
  className?: string;
  onClose: () => void;
  /** One of the two names the dialog: a visible title's id, or a label when there is no title. */
  'aria-labelledby'?: string;
  'aria-label'?: string;
  /** The element to focus on open when the browser's pick (the first focusable one) is wrong. */
  initialFocus?: (dialog: HTMLDialogElement) => HTMLElement | null;
  children: ReactNode;
};

/** Open dialogs, bottom to top, and the elements that follow the top one (followTopDialog). */
const stack: HTMLDialogElement[] = [];
const followers = new Set<HTMLElement>();

function placeFollowers() {
  const parent = stack.at(-1) ?? document.body;
  for (const element of followers) if (element.parentElement !== parent) parent.append(element);
}

/**
 * Keeps `element` inside the topmost open dialog, or in document.body while none is open; returns
 * the function that stops it. For the toasts: outside the dialog they would sit under it in the
 * top layer, hidden by a drawer and, like the rest of the page, inert (not clickable, not read
 * out). Moving the element, not re-rendering it, keeps React's content and state in it.
 */
export function followTopDialog(element: HTMLElement): () => void {
  // No box of its own (dialog.css), so it adds no row or gap to a dialog's grid or flex layout.
  element.dataset.dialogFollower = '';
  followers.add(element);
  placeFollowers();
  return () => {
    followers.delete(element);
    element.remove();
  };
}

/** A press on the ::backdrop targets the dialog itself but lands outside its box. */
function onBackdrop(dialog: HTMLDialogElement, event: MouseEvent): boolean {
  if (event.target !== dialog) return false;
  const box = dialog.getBoundingClientRect();
  return (
    event.clientX < box.left ||
    event.clientX > box.right ||
    event.clientY < box.top ||
    event.clientY > box.bottom
  );
}

export function Dialog({
  skin = 'modal',
  className,
  onClose,
  initialFocus,
  children,
  ...names
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const latest = useRef({ onClose, initialFocus });
  latest.current = { onClose, initialFocus };

  // A layout effect: its cleanup runs before React removes the element, so the dialog is closed
  // (and leaves the top layer) while it is still in the document, and focus can go back at once.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onCancel = (event: Event) => {
      event.preventDefault();
      latest.current.onClose();
    };
    const onNativeClose = () => latest.current.onClose();
    const onMouseDown = (event: MouseEvent) => {
      if (onBackdrop(dialog, event)) latest.current.onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('mousedown', onMouseDown);
    if (!dialog.open) dialog.showModal();
    stack.push(dialog);
    placeFollowers();
    latest.current.initialFocus?.(dialog)?.focus();
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('mousedown', onMouseDown);
      stack.splice(stack.indexOf(dialog), 1);
      placeFollowers();
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    // aria-modal spells out for older screen readers what showModal() already tells the browser.
    <dialog
      ref={ref}
      className={`dialog dialog--${skin}${className ? ` ${className}` : ''}`}
      aria-modal="true"
      {...names}
    >
      {children}
    </dialog>,
    document.body,
  );
}
