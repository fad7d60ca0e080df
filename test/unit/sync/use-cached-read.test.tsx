import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { object, string } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { clearSession, setSession } from '../../../src/db/session';
import { markNetworkSuccess } from '../../../src/sync/connectivity';
import { NOT_CACHED_MESSAGE, storeResponse } from '../../../src/sync/response-cache';
import { OfflineBadge } from '../../../src/sync/ui/offline-badge';
import { type ReadOptions, useCachedRead } from '../../../src/sync/use-cached-read';
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
    // The time carries its zone's label (the device's here: no account zone in this test).
    expect(
      await screen.findByText(/^Offline · data as of Mar 3, 10:42 AM [A-Z][A-Za-z0-9+:-]*$/),
    ).toBeTruthy();
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

function Widget({ name, options = {} }: { name: string; options?: Partial<ReadOptions> }) {
  const read = useCachedRead(Summary, '/client/accounts/summary', {
    method: 'POST',
    body: { page: 1 },
    ...options,
  });
  return (
    <p>
      {name}: {read.data?.title ?? (read.loading ? 'Loading' : 'Nothing')}
      <button type="button" onClick={read.refresh}>
        refresh {name}
      </button>
    </p>
  );
}

describe('useCachedRead: one request for identical reads, and a freshness window', () => {
  it('ten widgets asking the same thing at once make one request', async () => {
    const answers: ((response: Response) => void)[] = [];
    const calls = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answers.push(resolve);
        }),
    );
    const names = Array.from({ length: 10 }, (_, i) => `w${i}`);
    render(
      <>
        {names.map((name) => (
          <Widget key={name} name={name} />
        ))}
        <Widget name="other" options={{ body: { page: 2 } }} />
      </>,
    );
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((call) => call.body)).toEqual([{ page: 1 }, { page: 2 }]);
    for (const answer of answers) answer(json(200, { title: 'Fresh' }));
    expect(await screen.findAllByText(/^w\d: Fresh$/)).toHaveLength(10);
    expect(calls).toHaveLength(2);
  });

  it('a widget leaving does not cancel the request its neighbours wait for', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls: string[] = [];
    globalThis.fetch = vi.fn(
      (input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          calls.push(String(input));
          answer = resolve;
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    ) as typeof fetch;
    const view = render(
      <>
        <Widget name="a" />
        <Widget name="b" />
      </>,
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    view.rerender(<Widget name="a" />);
    answer(json(200, { title: 'Fresh' }));
    expect(await screen.findByText('a: Fresh')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('shows a stored copy younger than freshForMs without asking; an older one is fetched; refresh always asks', async () => {
    const calls = mockFetch(() => json(200, { title: 'Fresh' }));
    await storeResponse(
      {
        userId: 7,
        method: 'POST',
        url: '/api/v1/client/accounts/summary',
        body: '{"page":1}',
        data: { title: 'Cached' },
      },
      Date.now() - 1000,
    );
    render(<Widget name="young" options={{ freshForMs: 60_000 }} />);
    expect(await screen.findByText('young: Cached')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'refresh young' }));
    expect(await screen.findByText('young: Fresh')).toBeTruthy();
    // Only the refresh asked: the young copy was not fetched again on mount.
    expect(calls).toHaveLength(1);
    cleanup();

    await storeResponse(
      {
        userId: 7,
        method: 'POST',
        url: '/api/v1/client/accounts/summary',
        body: '{"page":1}',
        data: { title: 'Old' },
      },
      Date.now() - 120_000,
    );
    render(<Widget name="old" options={{ freshForMs: 60_000 }} />);
    expect(await screen.findByText('old: Fresh')).toBeTruthy();
    expect(calls).toHaveLength(2);
  });
});
