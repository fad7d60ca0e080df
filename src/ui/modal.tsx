/**
 * The modal skin of the dialog (dialog.tsx): a titled card over the page with a close button,
 * a scrolling body and right-aligned footer buttons. Escape, the close button or a press on the
 * backdrop call `onClose`; focus starts on the close button and returns to the opener. A body
 * that scrolls is focusable (use-scrollable-focus.ts), so the keyboard can scroll it. Shared by
 * the toolbar's Export and Save Filter modals, the lead review form, sign-out and the pricing table.
 */
import './modal.css';
import { type ReactNode, useId, useRef } from 'react';
import { CloseButton } from './close-button';
import { Dialog } from './dialog';
import { useScrollableFocus } from './use-scrollable-focus';

export type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons, right-aligned under the content. */
  footer?: ReactNode;
  /** 'small' (420 px) for confirmations, 'medium' (560 px) for forms. */
  size?: 'small' | 'medium';
};

export function Modal({ title, onClose, children, footer, size = 'medium' }: ModalProps) {
  const titleId = `${useId()}-title`;
  const body = useRef<HTMLDivElement>(null);
  useScrollableFocus(body);
  return (
    <Dialog skin="modal" className={`modal modal--${size}`} aria-labelledby={titleId} onClose={onClose}>
      <div className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <CloseButton onClick={onClose} />
      </div>
      <section ref={body} className="modal__body" aria-labelledby={titleId}>
        {children}
      </section>
      {footer ? <div className="modal__footer">{footer}</div> : null}
    </Dialog>
  );
}
