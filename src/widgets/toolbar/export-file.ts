/**
 * The file behind a finished export (spec part 3 §4), shared by the bell's download notifications
 * and the toolbar's 'Click to download': its signed link is fetched when the user asks (it expires
 * within minutes), then downloaded by a link click, since a plain download cannot carry the auth
 * headers. A file that is gone says FILE_EXPIRED; offline says so instead.
 */
import { request } from '@/api/client';
import { endpointPath } from '@/api/contracts/endpoints';
import { ExportFileResponse, FILE_EXPIRED } from '@/api/contracts/shell';
import { OFFLINE_MESSAGE } from '@/api/error-policy';
import { ApiError } from '@/api/errors';
import { toastError } from '@/ui/toast';

export const getExportFile = (exportId: number) =>
  request(ExportFileResponse, endpointPath('GET /notifications/export/:id', { id: exportId }), {
    toast: false,
  });

/** Starts a download of a same-origin (signed) or absolute file address. */
export function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** What became of a download: only 'offline' leaves it worth trying again later. */
export type ExportFileOutcome = 'started' | 'expired' | 'offline' | 'failed';

/** Fetches the export's link and downloads it; every failure is told to the user here. */
export async function downloadExportFile(exportId: number): Promise<ExportFileOutcome> {
  try {
    const { export_file_url: url } = await getExportFile(exportId);
    if (url) {
      startDownload(url);
      return 'started';
    }
    toastError('Error', FILE_EXPIRED);
    return 'expired';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) {
      toastError('Error', FILE_EXPIRED);
      return 'expired';
    }
    if (error.offline) toastError('Error', OFFLINE_MESSAGE);
    // 401/403 end the session; the sign-in screen says so.
    else if (error.status !== 401 && error.status !== 403) toastError('Error', error.message);
    return error.offline ? 'offline' : 'failed';
  }
}
