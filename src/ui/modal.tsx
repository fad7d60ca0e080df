/**
 * A modal dialog (WAI-ARIA dialog pattern): rendered into document.body over a backdrop, focus
 * trapped inside (use-focus-trap.ts) and returned to the opener on close; Escape, the close
 * button or a click on the backdrop call `onClose`. Shared by the toolbar's Export and Save Filter
 * modals and the lead review form.
 */
import './modal.css';
import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from './close-button';
import { useFocusTrap } from './inputs/use-focus-trap';

export type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons, right-aligned under the content. */
  footer?: ReactNode;
  /** 'small' (400 px) for confirmations, 'medium' (560 px) for forms. */
  size?: 'small' | 'medium';
};

export function Modal({ title, onClose, children, footer, size = 'medium' }: ModalProps) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, onClose);
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control (Escape closes too)
    <div
      className="modal__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className={`modal modal--${size}`}
      >
        <div className="modal__header">
          <h2 id={`${id}-title`} className="modal__title">
            {title}
          </h2>
          <CloseButton onClick={onClose} />
        </div>
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
