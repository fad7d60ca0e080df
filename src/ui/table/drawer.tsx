/**
 * The right-hand drawer (lead and campaign details): the dialog's drawer skin, full width on
 * narrow screens. Focus starts on the close button and returns to the row that opened it; Escape,
 * the close button or a press on the backdrop close it. The body, when it scrolls, is focusable
 * (use-scrollable-focus.ts) so a long transcript scrolls by keyboard.
 */
import './table.css';
import { type ReactNode, useRef } from 'react';
import { CloseButton } from '../close-button';
import { Dialog } from '../dialog';
import { useScrollableFocus } from '../use-scrollable-focus';

export type DrawerProps = {
  title: ReactNode;
  /** The accessible name when the title is not plain text. */
  label: string;
  onClose: () => void;
  /** Under the title: tabs, badges. */
  header?: ReactNode;
  children: ReactNode;
};

export function Drawer({ title, label, onClose, header, children }: DrawerProps) {
  const body = useRef<HTMLElement>(null);
  useScrollableFocus(body);
  return (
    <Dialog
      skin="drawer"
      className="drawer"
      aria-label={label}
      onClose={onClose}
      initialFocus={(dialog) => dialog.querySelector<HTMLElement>('.drawer__close')}
    >
      <div className="drawer__header">
        <h2 className="drawer__title">{title}</h2>
        <CloseButton
          className="icon-button drawer__close"
          label="Close details"
          size={22}
          onClick={onClose}
        />
      </div>
      {header}
      <section ref={body} className="drawer__body" aria-label={`${label} details`}>
        {children}
      </section>
    </Dialog>
  );
}
