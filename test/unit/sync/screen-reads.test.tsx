/**
 * A reload shows a screen's stored content in its first render, whatever the screen (issue 26):
 * the reads a screen made by itself on its last visit are remembered for its path
 * (sync/screen-reads.ts) and read ahead of its first render (app/dashboard-routes.tsx
 * `primeDashboardPage`, as app/route-preload.ts calls it at start).
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { object, string } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { primeDashboardPage } from '../../../src/app/dashboard-routes';
import { db } from '../../../src/db/db';
import { clearSession, setSession } from '../../../src/db/session';
import { writeUserItem } from '../../../src/lib/device-storage';
import { markNetworkSuccess } from '../../../src/sync/connectivity';
import { requestKey, storeResponse } from '../../../src/sync/response-cache';
import { screenReadKeys } from '../../../src/sync/screen-reads';
import { dropPrimed } from '../../../src/sync/stored-read';
import { useCachedRead } from '../../../src/sync/use-cached-read';
import { mockFetch } from '../api/fetch-mock';

vi.mock('../../../src/ui/toast', () => ({ showToast: vi.fn(), toastError: vi.fn(), toastInfo: vi.fn() }));

const Summary = object({ title: string() });

function Read({ name, path, body }: { name: string; path: string; body?: Record<string, unknown> }) {
  const read = useCachedRead(Summary, path, body ? { method: 'POST', body } : {});
  return (
    <p data-testid={name} aria-busy={read.loading || undefined}>
      {read.data?.title ?? 'Loading'}
    </p>
  );
}

/**
 * A screen of two reads under `/<area>` (each test its own: a row read ahead stays read ahead
 * until a screen's live query has answered for it), and a drawer the user opens.
 */
function Screen({ area, drawer = false }: { area: string; drawer?: boolean }) {
  return (
    <>
      <Read name="summary" path={`/${area}/summary`} />
      <Read name="list" path={`/${area}/list`} body={{ page: 1 }} />
      {drawer ? <Read name="drawer" path={`/${area}/item/1`} /> : null}
    </>
  );
}

const keysOf = (area: string) => ({
  summary: requestKey(7, 'GET', `/api/v1/${area}/summary`),
  list: requestKey(7, 'POST', `/api/v1/${area}/list`, '{"page":1}'),
  drawer: requestKey(7, 'GET', `/api/v1/${area}/item/1`),
});

async function storeScreen(area: string) {
  await storeResponse({
    userId: 7,
    method: 'GET',
    url: `/api/v1/${area}/summary`,
    data: { title: 'Stored summary' },
  });
  await storeResponse({
    userId: 7,
    method: 'POST',
    url: `/api/v1/${area}/list`,
    body: '{"page":1}',
    data: { title: 'Stored list' },
  });
}

/** What the first render shows, before anything is awaited. */
const firstFrame = () => ['summary', 'list'].map((name) => screen.getByTestId(name).textContent);
const busy = () => ['summary', 'list'].map((name) => screen.getByTestId(name).getAttribute('aria-busy'));

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  localStorage.clear();
  await setSession({ token: 'tok', user_id: 7 });
  markNetworkSuccess();
  // Offline: no answer ever comes, the screen has only its stored copies.
  mockFetch(() => new Promise<Response>(() => undefined));
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearSession();
  window.history.pushState({}, '', '/');
});

describe('screen reads', () => {
  it('a reload shows the stored copies of what the screen read on its last visit in its first render', async () => {
    const path = '/dashboard/products';
    window.history.pushState({}, '', path);
    await storeScreen('a');
    render(<Screen area="a" />);
    const { summary, list } = keysOf('a');
    await vi.waitFor(() => expect(screenReadKeys(7, path)).toEqual([summary, list]));
    cleanup();

    await primeDashboardPage(path, 7);
    render(<Screen area="a" />);
    expect(firstFrame()).toEqual(['Stored summary', 'Stored list']);
    // The read's own stored copy is content, not a part still loading (no answer has come).
    expect(busy()).toEqual([null, null]);
  });

  it('without a visit remembered, the first render has nothing yet, the stored copies after', async () => {
    window.history.pushState({}, '', '/dashboard/services');
    await storeScreen('b');
    await primeDashboardPage('/dashboard/services', 7);
    render(<Screen area="b" />);
    expect(firstFrame()).toEqual(['Loading', 'Loading']);
    expect(busy()).toEqual(['true', 'true']);
    await vi.waitFor(() => expect(firstFrame()).toEqual(['Stored summary', 'Stored list']));
  });

  it('remembers what the screen reads by itself, not what is opened after the first sign of use', async () => {
    const path = '/dashboard/campaigns';
    window.history.pushState({}, '', path);
    const { summary, list, drawer } = keysOf('c');
    const { rerender } = render(<Screen area="c" />);
    await vi.waitFor(() => expect(screenReadKeys(7, path)).toEqual([summary, list]));
    fireEvent.pointerDown(document.body);
    rerender(<Screen area="c" drawer />);
    expect(await screen.findByTestId('drawer')).toBeTruthy();
    // Another path is a new visit: its reads are its own.
    window.history.pushState({}, '', '/dashboard/analytics');
    rerender(<Read name="other" path="/c/item/1" />);
    await vi.waitFor(() => expect(screenReadKeys(7, '/dashboard/analytics')).toEqual([drawer]));
    expect(screenReadKeys(7, path)).toEqual([summary, list]);
  });

  it('two reads of one key each keep the copy read ahead until their own live answer, whichever answers first', async () => {
    const path = '/dashboard/billing/invoices';
    window.history.pushState({}, '', path);
    await storeScreen('e');
    const { summary } = keysOf('e');
    const Twice = ({ n }: { n: number }) => (
      <>
        <Read name="first" path="/e/summary" />
        <Read name="second" path="/e/summary" />
        <span>{n}</span>
      </>
    );
    const shown = () => ['first', 'second'].map((name) => screen.getByTestId(name).textContent);
    render(<Twice n={1} />);
    await vi.waitFor(() => expect(screenReadKeys(7, path)).toEqual([summary]));
    cleanup();

    await primeDashboardPage(path, 7);
    const view = render(<Twice n={1} />);
    expect(shown()).toEqual(['Stored summary', 'Stored summary']);
    // One of them had its live answer and dropped the shared copy; the other is drawn again before
    // its own live answer: it still shows the copy (it showed 'Loading' for that render).
    dropPrimed(summary);
    view.rerender(<Twice n={2} />);
    expect(shown()).toEqual(['Stored summary', 'Stored summary']);
  });

  it('reads ahead only the keys of the user it reads for', () => {
    const { summary } = keysOf('d');
    writeUserItem(
      7,
      'screen-reads:/dashboard/leads',
      JSON.stringify([summary, '8:GET /api/v1/d/summary', 3]),
    );
    expect(screenReadKeys(7, '/dashboard/leads')).toEqual([summary]);
    writeUserItem(7, 'screen-reads:/dashboard/leads', '{not json');
    expect(screenReadKeys(7, '/dashboard/leads')).toEqual([]);
  });
});
