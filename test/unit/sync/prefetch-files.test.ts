/**
 * The files budget (sync/prefetch-files.ts overBudget): recordings of the last RECORDINGS.days of
 * leads, newest first, within RECORDINGS.bytes; PDFs within MAX_PDFS, newest stored kept.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PDFS, overBudget, type StoredFile } from '../../../src/sync/prefetch-files';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20);
const recording = (id: number, daysAgo: number, bytes: number): StoredFile => ({
  key: `/api/v1/leads/${id}/recording`,
  kind: 'recording',
  at: NOW - daysAgo * DAY,
  bytes,
  storedAt: NOW,
});

describe('overBudget', () => {
  it('drops recordings of leads older than the set days', () => {
    const files = [recording(1, 1, 10), recording(2, 8, 10)];
    expect(overBudget(files, NOW, { days: 7, bytes: 1000 })).toEqual(['/api/v1/leads/2/recording']);
  });

  it('keeps the newest leads’ recordings within the byte budget, dropping the oldest', () => {
    const files = [recording(1, 3, 400), recording(2, 1, 400), recording(3, 2, 400)];
    expect(overBudget(files, NOW, { days: 7, bytes: 1000 })).toEqual(['/api/v1/leads/1/recording']);
  });

  it('keeps at most MAX_PDFS PDFs, the newest stored', () => {
    const pdfs: StoredFile[] = Array.from({ length: MAX_PDFS + 2 }, (_, i) => ({
      key: `/api/v1/invoices/${i}`,
      kind: 'pdf',
      at: 0,
      bytes: 10,
      storedAt: NOW - i,
    }));
    expect(overBudget(pdfs, NOW)).toEqual([
      `/api/v1/invoices/${MAX_PDFS}`,
      `/api/v1/invoices/${MAX_PDFS + 1}`,
    ]);
  });
});
