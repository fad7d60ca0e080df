/**
 * The Export button's states (spec part 3 §4): idle, exporting ('Exporting', disabled), then a
 * direct download (action not 'wait') or waiting for a notification. While waiting, the type's
 * row in `exportsReady` (browser storage, so a reload or another tab agrees) keeps the button
 * disabled until a notification id exists; then a click-to-download message is offered.
 *
 * A waiting row is also released when the download notification is already in the bell (it can
 * arrive before the row is written) and after EXPORT_WAIT_LIMIT_MS (a failed export sends no
 * download notification, and the button must not stay blocked for ever).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { EXPORT_IN_PROGRESS, type ExportBody } from '@/api/contracts/toolbar';
import { OFFLINE_MESSAGE } from '@/api/error-policy';
import { ApiError } from '@/api/errors';
import { db } from '@/db/db';
import { toastError, toastInfo } from '@/ui/toast';
import { downloadExportFile, startDownload } from './export-file';
import { clearExport, markExportWaiting, postExport } from './toolbar-api';

export const EXPORT_WAIT_LIMIT_MS = 60 * 60_000;

export type ExportState =
  | { kind: 'idle' }
  | { kind: 'exporting' }
  | { kind: 'waiting' }
  | { kind: 'ready'; exportId: number };

export function useExport(userId: number | null, type: string, path?: string) {
  const [exporting, setExporting] = useState(false);
  const state = useLiveQuery(async (): Promise<ExportState> => {
    if (userId === null) return { kind: 'idle' };
    const row = await db.exportsReady.get([userId, type]);
    if (!row || Date.now() - row.updated_at > EXPORT_WAIT_LIMIT_MS) return { kind: 'idle' };
    if (row.status === 'ready' && row.export_id !== null) return { kind: 'ready', exportId: row.export_id };
    if (row.export_id !== null) {
      const arrived = await db.notifications
        .where('user_id')
        .equals(userId)
        .filter((n) => n.action === 'download' && n.id === row.export_id)
        .first();
      if (arrived) return { kind: 'ready', exportId: row.export_id };
    }
    return { kind: 'waiting' };
  }, [userId, type]) ?? { kind: 'idle' };

  async function start(body: ExportBody): Promise<boolean> {
    if (userId === null) return false;
    setExporting(true);
    try {
      const answer = await postExport(type, body, path);
      if (answer.action === 'wait') {
        await markExportWaiting(userId, type, answer.export_id ?? null);
        toastInfo(EXPORT_IN_PROGRESS.header, EXPORT_IN_PROGRESS.body);
      } else {
        startDownload(answer.message);
      }
      return true;
    } catch (error) {
      const message =
        error instanceof ApiError ? (error.offline ? OFFLINE_MESSAGE : error.message) : String(error);
      toastError('Error', message);
      return false;
    } finally {
      setExporting(false);
    }
  }

  async function download(exportId: number) {
    if (userId === null) return;
    // Offline the file may still be there later; otherwise this export is finished with.
    if ((await downloadExportFile(exportId)) !== 'offline') await clearExport(userId, type);
  }

  const current: ExportState = exporting ? { kind: 'exporting' } : state;
  return { state: current, start, download };
}
