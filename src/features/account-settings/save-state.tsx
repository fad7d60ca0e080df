/**
 * A form's save row: the button (with its spinner while queuing), the "Pending sync" marker while
 * the save waits in the outbox, and the server's reason when it refused the save; refused as a
 * conflict, both values with Keep mine / Take the server's (the outbox's own piece).
 */
import { type ConflictedItem, OutboxConflict } from '../../sync/ui/outbox-conflict';
import { PendingSyncMarker } from '../../sync/ui/pending-sync-marker';

type SaveStateProps = {
  label?: string;
  busy: boolean;
  pending: boolean;
  failed: string | null;
  conflict?: ConflictedItem | null;
};

export function SaveState({ label = 'Save', busy, pending, failed, conflict }: SaveStateProps) {
  return (
    <>
      {conflict ? <OutboxConflict item={conflict} /> : null}
      {failed ? (
        <p className="form__notice" role="alert">
          {failed}
        </p>
      ) : null}
      <div className="settings-form__actions">
        <PendingSyncMarker pending={pending} />
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {label}
        </button>
      </div>
    </>
  );
}
