/**
 * A form's save row: the button (with its spinner while queuing), the "Pending sync" marker while
 * the save waits in the outbox, and the server's reason when it refused the save.
 */
import { PendingSyncMarker } from '../../sync/ui/pending-sync-marker';

type SaveStateProps = { label?: string; busy: boolean; pending: boolean; failed: string | null };

export function SaveState({ label = 'Save', busy, pending, failed }: SaveStateProps) {
  return (
    <>
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
