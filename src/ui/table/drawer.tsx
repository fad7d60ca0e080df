/**
 * The right-hand drawer (lead and campaign details): a modal dialog sliding in from the right,
 * full width on narrow screens. Focus is trapped while open and returns to the row that opened it;
 * Escape, the close button or a click on the backdrop close it.
 */
import './table.css';
import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from '../close-button';
import { useFocusTrap } from '../inputs/use-focus-trap';

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
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, onClose, (root) => root.querySelector<HTMLElement>('.drawer__close'));
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control (Escape closes too)
    <div
      className="drawer__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={panel} role="dialog" aria-modal="true" aria-label={label} className="drawer" id={id}>
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
        <div className="drawer__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
