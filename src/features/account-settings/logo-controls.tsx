/**
 * Profile Details' logo (spec part 2 §2, §5, §8): the logo on file (or the business's initial),
 * 'Upload Logo' / 'Change Logo' opening the overview's logo form (one form, two hosts: PNG or
 * JPEG, at most 2MB, 'Logo updated successfully') and 'Remove Logo' (DELETE /activities/logo,
 * 'Logo has been removed successfully.'). Both go through the outbox: offline they wait, marked
 * "Pending sync", and are delivered once; the profile read is refreshed once they are.
 */
import { useState } from 'react';
import { LOGO_MESSAGES } from '../../api/contracts/tasks';
import { PendingSyncMarker } from '../../sync/ui/pending-sync-marker';
import { usePendingWrites } from '../../sync/use-pending-writes';
import { Modal } from '../../ui/modal';
import { LogoForm } from '../../widgets/task-forms/logo-form';
import { taskTag } from '../../widgets/task-forms/task-api';
import { PROFILE_PATH } from './account-api';
import { useQueuedWrite } from './use-queued-write';

export const LOGO_REMOVE_PATH = '/activities/logo';
const REMOVE_TAG = { type: 'client-profile', id: 'logo-removal' };

type Props = { logoUrl: string | null | undefined; initial: string; onChanged: () => void };

export function LogoControls({ logoUrl, initial, onChanged }: Props) {
  const [open, setOpen] = useState(false);
  const upload = usePendingWrites(taskTag(null, 'upload_logo'));
  const removal = usePendingWrites(REMOVE_TAG);
  const remove = useQueuedWrite(LOGO_MESSAGES.removed, onChanged);
  return (
    <div className="profile-logo">
      {logoUrl ? (
        <img className="profile-summary__logo" src={logoUrl} alt="Your logo" />
      ) : (
        <span className="profile-summary__logo profile-summary__logo--empty" aria-hidden="true">
          {initial}
        </span>
      )}
      <div className="profile-logo__actions">
        <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
          {logoUrl ? 'Change Logo' : 'Upload Logo'}
        </button>
        {logoUrl ? (
          <button
            type="button"
            className="button button--danger"
            disabled={remove.busy}
            aria-busy={remove.busy}
            onClick={() =>
              void remove.run({
                method: 'DELETE',
                path: LOGO_REMOVE_PATH,
                label: 'Remove logo',
                refresh: [PROFILE_PATH],
                tag: REMOVE_TAG,
              })
            }
          >
            Remove Logo
          </button>
        ) : null}
        <PendingSyncMarker pending={upload.pending || removal.pending} />
      </div>
      {open ? (
        <Modal title="Upload Logo" onClose={() => setOpen(false)}>
          <LogoForm
            activityId={null}
            refresh={[PROFILE_PATH]}
            onCancel={() => setOpen(false)}
            onDone={() => {
              setOpen(false);
              onChanged();
            }}
          />
        </Modal>
      ) : null}
    </div>
  );
}
