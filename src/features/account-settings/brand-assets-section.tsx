/**
 * Asset & Brand Uploads (spec part 2 §2, §5, §8): the brand files on file with their sizes (KB
 * under 1 MB, otherwise MB), 'No files uploaded yet' when there are none, 'Upload Assets' opening
 * the overview's brand-assets form (one form, two hosts) and a Delete per file
 * (DELETE /activities/assets/{id}, 'File deleted successfully').
 *
 * The list is the cached read (offline: the stored copy); uploads and deletions go through the
 * outbox, so they wait offline ("Pending sync") and are delivered once.
 */
import { useState } from 'react';
import { endpointPath } from '../../api/contracts/endpoints';
import { BRAND_MESSAGES, BrandAssetsResponse } from '../../api/contracts/tasks';
import { PendingSyncMarker } from '../../sync/ui/pending-sync-marker';
import { useCachedRead } from '../../sync/use-cached-read';
import { Modal } from '../../ui/modal';
import { BRAND_ASSETS_PATH, BrandAssetsForm } from '../../widgets/task-forms/brand-assets-form';
import { fileSizeText } from '../../widgets/task-forms/file-checks';
import { taskTag } from '../../widgets/task-forms/task-api';
import { useQueuedWrite } from './use-queued-write';

const assetPath = (id: number) => endpointPath('DELETE /activities/assets/:id', { id });

export function BrandAssetsSection() {
  const read = useCachedRead(BrandAssetsResponse, BRAND_ASSETS_PATH);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const remove = useQueuedWrite(BRAND_MESSAGES.deleted, () => {
    setDeleting(null);
    read.refresh();
  });
  const files = read.data?.files ?? [];
  return (
    <section className="settings-card" aria-labelledby="brand-assets-title">
      <div className="settings-card__head">
        <h2 id="brand-assets-title" className="settings-card__title">
          Asset &amp; Brand Uploads
        </h2>
        <PendingSyncMarker tag={taskTag(null, 'brand_assets')} />
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          Upload Assets
        </button>
      </div>
      {read.loading && !read.data ? <p className="settings-state">Loading your files…</p> : null}
      {read.error && !read.data ? (
        <p className="settings-state settings-state--error" role="alert">
          {read.error.message}
        </p>
      ) : null}
      {read.data && files.length === 0 ? <p className="settings-state">No files uploaded yet</p> : null}
      {files.length ? (
        <ul className="asset-list" aria-label="Brand assets">
          {files.map((file) => (
            <li key={file.id} className="asset-list__item">
              <span className="asset-list__name">{file.filename}</span>
              <span className="asset-list__size">{fileSizeText(file.byte_size)}</span>
              {deleting === file.id && remove.pending ? (
                <PendingSyncMarker pending />
              ) : (
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={`Delete ${file.filename}`}
                  disabled={remove.busy}
                  onClick={() => {
                    setDeleting(file.id);
                    void remove.run({
                      method: 'DELETE',
                      path: assetPath(file.id),
                      label: `Delete ${file.filename}`,
                      refresh: [BRAND_ASSETS_PATH],
                      tag: { type: 'brand-asset', id: file.id },
                    });
                  }}
                >
                  Delete
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <Modal title="Upload Brand Assets" onClose={() => setOpen(false)}>
          <BrandAssetsForm
            activityId={null}
            onCancel={() => setOpen(false)}
            onDone={() => {
              setOpen(false);
              read.refresh();
            }}
          />
        </Modal>
      ) : null}
    </section>
  );
}
