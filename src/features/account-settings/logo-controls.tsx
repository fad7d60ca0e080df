/**
 * Profile Details' logo (spec part 2 §2, §5, §8): the logo on file (or the business's initial),
 * 'Upload Logo' / 'Change Logo' opening the overview's logo form (one form, two hosts: PNG or
 * JPEG, at most 2MB, 'Logo updated successfully') and 'Remove Logo' (DELETE /activities/logo,
 * 'Logo has been removed successfully.'). Both go through the outbox: offline they wait, marked
 * "Pending sync", and are delivered once; the profile read is refreshed once they are.
 * Both carry the logo version the profile showed (one tag for both, so a removal queued behind an
 * unsent upload is based on what that upload makes): a logo changed meanwhile on another device
 * shows as a conflict in the outbox instead of being replaced or removed unseen.
 * The form's code loads once the browser is idle after the screen (or on opening), not with the
 * profile's first screenful.
 */
import { Suspense, useEffect, useState } from 'react';
import { endpointPath } from '../../api/contracts/endpoints';
import { LOGO_MESSAGES } from '../../api/contracts/tasks';
import { useSession } from '../../db/use-session';
import { PendingSyncMarker } from '../../sync/ui/pending-sync-marker';
import { usePendingWrites } from '../../sync/use-pending-writes';
import { ErrorBoundary } from '../../ui/error-boundary';
import { lazyComponent, preloadWhenIdle } from '../../ui/lazy-component';
import { Modal } from '../../ui/modal';
import { taskTag } from '../../widgets/task-forms/task-api';
import { PROFILE_PATH } from './account-api';
import { useQueuedWrite } from './use-queued-write';

export const LOGO_REMOVE_PATH = endpointPath('DELETE /activities/logo');
const LOGO_TAG = taskTag(null, 'upload_logo');

const LogoForm = lazyComponent(() =>
  import('../../widgets/task-forms/logo-form').then((module) => ({ default: module.LogoForm })),
);

type Props = {
  logoUrl: string | null | undefined;
  /** The version of the logo shown (profile logo_version). */
  logoVersion: number | undefined;
  initial: string;
  onChanged: () => void;
};

export function LogoControls({ logoUrl, logoVersion, initial, onChanged }: Props) {
  const { user_id: userId } = useSession();
  const [open, setOpen] = useState(false);
  const writes = usePendingWrites(LOGO_TAG);
  const remove = useQueuedWrite(LOGO_MESSAGES.removed, onChanged);
  useEffect(() => preloadWhenIdle(LogoForm), []);
  const removeLogo = async () => {
    if (userId === null) return;
    await remove.run(
      {
        method: 'DELETE',
        path: LOGO_REMOVE_PATH,
        label: 'Remove logo',
        refresh: [PROFILE_PATH],
        tag: LOGO_TAG,
      },
      { read: logoVersion },
    );
  };
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
            onClick={() => void removeLogo()}
          >
            Remove Logo
          </button>
        ) : null}
        <PendingSyncMarker pending={writes.pending} />
      </div>
      {open ? (
        <Modal title="Upload Logo" onClose={() => setOpen(false)}>
          <ErrorBoundary what="the logo form">
            <Suspense fallback={null}>
              <LogoForm
                activityId={null}
                refresh={[PROFILE_PATH]}
                version={logoVersion}
                onCancel={() => setOpen(false)}
                onDone={() => {
                  setOpen(false);
                  onChanged();
                }}
              />
            </Suspense>
          </ErrorBoundary>
        </Modal>
      ) : null}
    </div>
  );
}
