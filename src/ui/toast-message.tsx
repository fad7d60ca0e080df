/** A toast's content: a bold header over a body line (spec: 'Header: body'). */
export type ToastMessageProps = { header: string; body?: string };

export function ToastMessage({ header, body }: ToastMessageProps) {
  return (
    <div className="toast-message">
      <strong className="toast-message__header">{header}</strong>
      {body ? <p className="toast-message__body">{body}</p> : null}
    </div>
  );
}
