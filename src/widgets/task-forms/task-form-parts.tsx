/** Pieces every task form shares: the refusal message and the Cancel / submit buttons. */
export function TaskFormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="task-form__error" role="alert">
      {error}
    </p>
  );
}

export function TaskFormActions({
  onCancel,
  busy,
  label,
  disabled = false,
}: {
  onCancel?: () => void;
  busy: boolean;
  label: string;
  disabled?: boolean;
}) {
  return (
    <div className="task-form__actions">
      {onCancel ? (
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy || disabled} aria-busy={busy}>
        {busy ? 'Submitting…' : label}
      </button>
    </div>
  );
}
