/**
 * The toolbar's Export: a button opening the Export modal (spec part 3 §2.6: a CSV of all data
 * for the type between the dates, with the location count, and 'Download CSV'; the count says what
 * narrows the locations, issue 51 item 4), then the states of
 * use-export.ts: 'Exporting' while the request runs, blocked while the file is being written, and
 * a click-to-download message once its notification has arrived.
 */
import { useState } from 'react';
import type { ExportBody } from '@/api/contracts/toolbar';
import { toDisplayDate } from '@/lib/date-range';
import { Modal } from '@/ui/modal';
import { type LocationScope, scopeCount } from '@/ui/toolbar/location-scope';
import { useExport } from './use-export';

export type ExportButtonProps = {
  userId: number | null;
  type: string;
  /** What the rows are called in the modal: 'leads'. */
  noun: string;
  body: ExportBody;
  /** The locations the export covers and what narrows them (ui/toolbar/location-scope.ts). */
  locations: LocationScope;
  /** Where the export answers when not at /{type}/export (a report's `.csv` path). */
  path?: string;
};

export function ExportButton({ userId, type, noun, body, locations, path }: ExportButtonProps) {
  const [open, setOpen] = useState(false);
  const { state, start, download } = useExport(userId, type, path);
  const busy = state.kind === 'exporting' || state.kind === 'waiting';

  return (
    <div className="toolbar-export">
      <button
        type="button"
        className="button button--ghost toolbar__button"
        disabled={busy}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {state.kind === 'exporting' ? 'Exporting' : 'Export'}
      </button>
      {state.kind === 'waiting' ? (
        <p className="toolbar-export__status" role="status">
          Export in progress. You'll receive a notification once it's ready.
        </p>
      ) : null}
      {state.kind === 'ready' ? (
        <p className="toolbar-export__status toolbar-export__status--ready" role="status">
          Your export is ready.{' '}
          <button type="button" className="link-button" onClick={() => void download(state.exportId)}>
            Click to download
          </button>
        </p>
      ) : null}
      {open ? (
        <Modal
          title="Export"
          size="small"
          onClose={() => setOpen(false)}
          footer={
            <>
              <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={async () => {
                  if (await start(body)) setOpen(false);
                }}
              >
                {state.kind === 'exporting' ? 'Exporting' : 'Download CSV'}
              </button>
            </>
          }
        >
          <p>
            A CSV file of all {noun} data between {toDisplayDate(body.start_date)} and{' '}
            {toDisplayDate(body.end_date)} will be produced, with the filters and search you applied.
          </p>
          <p className="toolbar-export__locations">
            Locations: <strong>{scopeCount(locations)}</strong>
            {locations.by ? `, ${locations.by}` : locations.total > 1 ? ', no location filter' : null}
          </p>
        </Modal>
      ) : null}
    </div>
  );
}
