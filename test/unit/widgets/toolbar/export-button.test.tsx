import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportResponse } from '../../../../src/api/contracts/toolbar';
import { db } from '../../../../src/db/db';
import { applyLiveMessage } from '../../../../src/sync/live-effects';
import { ExportButton } from '../../../../src/widgets/toolbar/export-button';
import { registerExportLiveEffects } from '../../../../src/widgets/toolbar/export-live';
import * as api from '../../../../src/widgets/toolbar/toolbar-api';
import { json, mockFetch } from '../../api/fetch-mock';

vi.mock('../../../../src/widgets/toolbar/toolbar-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/widgets/toolbar/toolbar-api')>()),
  postExport: vi.fn(),
}));

const postExport = vi.mocked(api.postExport);
/** The addresses of the downloads started (a link clicked with the download attribute). */
const startDownload = vi.fn();

const body = { start_date: '2025-01-01', end_date: '2026-11-20', filters: [], search: '' };
const downloadNotification = (exportId: number) => ({
  message_type: 'notification',
  notification: {
    notification_id: 900 + exportId,
    message: 'Your leads export is ready.',
    action: 'download',
    index: 'leads',
    id: exportId,
    is_read: false,
    created_at: '2026-11-20T10:00:00.000Z',
  },
});

// The toolbar's own button (the open modal hides the page behind it from role queries).
const exportButton = () => document.querySelector('.toolbar-export > button') as HTMLButtonElement;
const WAITING = "Export in progress. You'll receive a notification once it's ready.";

async function requestExport() {
  render(
    <ExportButton
      userId={7}
      type="leads"
      noun="leads"
      body={body}
      locations={{ applied: 1, total: 1, by: null }}
    />,
  );
  fireEvent.click(exportButton());
  fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
}

// What main.tsx registers at app start: the download notification unblocks the button.
let unregister = () => {};
beforeAll(() => {
  unregister = registerExportLiveEffects();
});
afterAll(() => unregister());

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  vi.clearAllMocks();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.hasAttribute('download')) startDownload(this.getAttribute('href'));
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Export button', () => {
  it('downloads a small export at once and stays usable', async () => {
    postExport.mockResolvedValue({ action: 'download', message: '/api/v1/exports/5/download?sig=x' });
    await requestExport();
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('/api/v1/exports/5/download?sig=x'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(exportButton()).toHaveProperty('disabled', false);
    expect(screen.queryByText(WAITING)).toBeNull();
  });

  it('is blocked while a large export is written, until its download notification arrives', async () => {
    let answer: (value: ExportResponse) => void = () => undefined;
    postExport.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await requestExport();
    // The request runs: 'Exporting', disabled.
    await waitFor(() => expect(exportButton().textContent).toBe('Exporting'));
    expect(exportButton()).toHaveProperty('disabled', true);

    await act(async () => answer({ action: 'wait', message: 'Export in progress', export_id: 41 }));
    await screen.findByText(WAITING);
    expect(exportButton().textContent).toBe('Export');
    expect(exportButton()).toHaveProperty('disabled', true);
    // Another type's notification, or none, leaves it blocked; a reload of the page too.
    cleanup();
    render(
      <ExportButton
        userId={7}
        type="leads"
        noun="leads"
        body={body}
        locations={{ applied: 1, total: 1, by: null }}
      />,
    );
    await screen.findByText(WAITING);
    expect(exportButton()).toHaveProperty('disabled', true);

    await act(async () => {
      await applyLiveMessage(7, 1, downloadNotification(41));
    });
    const link = await screen.findByRole('button', { name: 'Click to download' });
    expect(exportButton()).toHaveProperty('disabled', false);

    const calls = mockFetch((call) =>
      call.url.endsWith('/notifications/export/41')
        ? json(200, { export_file_url: '/api/v1/exports/41/download?sig=y' })
        : json(404, { errors: 'Not found' }),
    );
    fireEvent.click(link);
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('/api/v1/exports/41/download?sig=y'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Click to download' })).toBeNull());
    expect(calls.map((call) => call.url)).toEqual([expect.stringMatching(/\/notifications\/export\/41$/)]);
    expect(await db.exportsReady.get([7, 'leads'])).toBeUndefined();
  });

  it('offers the file at once when the notification beat the answer (a fast export)', async () => {
    postExport.mockImplementation(async () => {
      await applyLiveMessage(7, 1, downloadNotification(42));
      return { action: 'wait', message: 'Export in progress', export_id: 42 };
    });
    await requestExport();
    await screen.findByRole('button', { name: 'Click to download' });
    expect(exportButton()).toHaveProperty('disabled', false);
    expect(screen.queryByText(WAITING)).toBeNull();
  });
});
