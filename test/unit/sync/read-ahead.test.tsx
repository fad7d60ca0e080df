/**
 * Reading a screen's first reads ahead (sync/read-ahead.ts): asked of the network only when the
 * device has no copy, taken by the screen's useCachedRead instead of a second request, for
 * AHEAD_KEPT_MS after the answer; a forced read asks again.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { object, string } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { clearSession, setSession } from '../../../src/db/session';
import { markNetworkSuccess } from '../../../src/sync/connectivity';
import { AHEAD_KEPT_MS, firstRead, readAhead, takeAhead } from '../../../src/sync/read-ahead';
import { storeResponse } from '../../../src/sync/response-cache';
import { readSignature } from '../../../src/sync/shared-request';
import { useCachedRead } from '../../../src/sync/use-cached-read';
import { json, mockFetch } from '../api/fetch-mock';

vi.mock('../../../src/ui/toast', () => ({ showToast: vi.fn(), toastError: vi.fn(), toastInfo: vi.fn() }));

const Summary = object({ title: string() });
const PATH = '/client/accounts/summary';
// A page of its own per test: an answer read ahead is kept for the module's life.
const options = (page: number) => ({ method: 'POST', body: { page } }) as const;
const read = (page: number) => firstRead(Summary, PATH, options(page));
const signature = (page: number) => readSignature(7, 'POST', `/api/v1${PATH}`, `{"page":${page}}`);

function Screen({ page }: { page: number }) {
  const read = useCachedRead(Summary, PATH, options(page));
  return (
    <div>
      <p data-testid="title">{read.data?.title ?? 'Loading'}</p>
      <button type="button" onClick={read.refresh}>
        Refresh
      </button>
    </div>
  );
}

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: 7 });
  markNetworkSuccess();
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearSession();
});

describe('readAhead', () => {
  it('asks the network for a read the device has no copy of, and the screen takes that answer', async () => {
    const calls = mockFetch(() => json(200, { title: `Fresh ${calls.length}` }));
    await readAhead(7, [read(1)]);
    expect(calls.map((call) => call.url)).toEqual([`/api/v1${PATH}`]);
    render(<Screen page={1} />);
    expect(await screen.findByText('Fresh 1')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('asks nothing ahead for a read the device has a copy of', async () => {
    await storeResponse(
      { userId: 7, method: 'POST', url: `/api/v1${PATH}`, body: '{"page":2}', data: { title: 'Stored' } },
      Date.now(),
    );
    const calls = mockFetch(() => json(200, { title: 'Fresh' }));
    await readAhead(7, [read(2)]);
    expect(calls).toHaveLength(0);
    expect(takeAhead(signature(2))).toBeNull();
  });

  it('a refresh asks the network again, and the answer is not taken once AHEAD_KEPT_MS have passed', async () => {
    const calls = mockFetch(() => json(200, { title: `Fresh ${calls.length}` }));
    await readAhead(7, [read(3)]);
    render(<Screen page={3} />);
    expect(await screen.findByText('Fresh 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Fresh 2')).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(takeAhead(signature(3))).not.toBeNull();
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + AHEAD_KEPT_MS + 1);
    expect(takeAhead(signature(3))).toBeNull();
  });
});
