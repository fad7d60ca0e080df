import { cleanup, render, screen } from '@testing-library/react';
import { object, string } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { clearSession, setSession } from '../../../src/db/session';
import { markNetworkSuccess } from '../../../src/sync/connectivity';
import { NOT_CACHED_MESSAGE, storeResponse } from '../../../src/sync/response-cache';
import { OfflineBadge } from '../../../src/sync/ui/offline-badge';
import { useCachedRead } from '../../../src/sync/use-cached-read';
import { json, mockFetch } from '../api/fetch-mock';

vi.mock('../../../src/ui/toast', () => ({ showToast: vi.fn(), toastError: vi.fn(), toastInfo: vi.fn() }));

const Summary = object({ title: string() });
const STORED_AT = new Date(2026, 2, 3, 10, 42).getTime();

function Screen() {
  const read = useCachedRead(Summary, '/client/accounts/summary', { method: 'POST', body: { page: 1 } });
  return (
    <div>
      <OfflineBadge offline={read.offline} asOf={read.asOf} />
      <p data-testid="title">{read.data?.title ?? (read.loading ? 'Loading' : 'Nothing')}</p>
      {read.error ? <p role="alert">{read.error.message}</p> : null}
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

const store = () =>
  storeResponse(
    {
      userId: 7,
      method: 'POST',
      url: '/api/v1/client/accounts/summary',
      body: '{"page":1}',
      data: { title: 'Cached' },
    },
    STORED_AT,
  );

describe('useCachedRead', () => {
  it('shows the stored answer at once, then the fresh one', async () => {
    await store();
    let answer: (response: Response) => void = () => undefined;
    mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    render(<Screen />);
    expect(await screen.findByText('Cached')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    answer(json(200, { title: 'Fresh' }));
    expect(await screen.findByText('Fresh')).toBeTruthy();
  });

  it('offline: the stored answer with the badge "Offline · data as of 10:42 AM"', async () => {
    await store();
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    render(<Screen />);
    expect(await screen.findByText('Offline · data as of Mar 3, 10:42 AM')).toBeTruthy();
    expect(screen.getByTestId('title').textContent).toBe('Cached');
  });

  it('offline with nothing stored: the clear offline message', async () => {
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    render(<Screen />);
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_CACHED_MESSAGE);
    expect(NOT_CACHED_MESSAGE).toBe("You're offline and this page hasn't been opened on this device yet");
  });
});
