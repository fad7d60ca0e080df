/**
 * A reload shows a screen's stored content in its first render, whatever the screen (issue 26):
 * the reads a screen made by itself on its last visit are remembered for its path
 * (sync/screen-reads.ts) and read ahead of its first render (app/dashboard-routes.tsx
 * `primeDashboardPage`, as app/route-preload.ts calls it at start); online, their requests are
 * sent then too, before the screen is there, and the screen takes their answers
 * (sync/early-reads.ts).
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
import { useCachedRead } from '../../../src/sync/use-cached-read';
import { type Call, json, mockFetch } from '../api/fetch-mock';

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

describe('early reads', () => {
  // Reads the cache keeps (sync/response-cache.ts isCachedRead): only those are ever sent early.
  // Each test its own lead and page: an early request is kept a while for its screen to join.
  function LeadsScreen({ n }: { n: number }) {
    return (
      <>
        <Read name="summary" path={`/leads/${n}`} />
        <Read name="list" path="/leads" body={{ page: n }} />
      </>
    );
  }
  const apiPaths = (calls: Call[]) =>
    calls.map((call) => `${call.method} ${new URL(call.url, 'http://x').pathname}`);

  /** A first visit online of the screen at `path` (each test its own): its reads remembered with their requests. */
  async function visitOnce(path: string, n: number) {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.history.pushState({}, '', path);
    mockFetch(() => json(200, { title: 'First answer' }));
    render(<LeadsScreen n={n} />);
    await vi.waitFor(() => expect(screen.getByTestId('list').textContent).toBe('First answer'));
    await vi.waitFor(() => expect(screenReadKeys(7, path)).toHaveLength(2));
    cleanup();
  }

  it('a reload sends the screen’s reads before it renders, and the screen’s reads join them: one request each', async () => {
    const path = '/dashboard/leads';
    await visitOnce(path, 1);
    const answers: ((response: Response) => void)[] = [];
    const calls = mockFetch(() => new Promise<Response>((resolve) => answers.push(resolve)));

    await primeDashboardPage(path, 7);
    // Sent while the page would still be loading its chunks: nothing has rendered yet.
    await vi.waitFor(() =>
      expect(apiPaths(calls).sort()).toEqual(['GET /api/v1/leads/1', 'POST /api/v1/leads']),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ page: 1 });

    render(<LeadsScreen n={1} />);
    for (const answer of answers) answer(json(200, { title: 'Fresh answer' }));
    await vi.waitFor(() => expect(firstFrame()).toEqual(['Fresh answer', 'Fresh answer']));
    await vi.waitFor(() => expect(busy()).toEqual([null, null]));
    // The screen's own reads joined the early ones: still one request each.
    expect(calls).toHaveLength(2);
  });

  it('an answer that lands before the screen mounts is what its reads show, with no second request', async () => {
    const path = '/dashboard/leads/review';
    await visitOnce(path, 2);
    const calls = mockFetch(() => json(200, { title: 'Early answer' }));
    await primeDashboardPage(path, 7);
    await vi.waitFor(async () => expect(await db.responses.count()).toBe(2));
    await vi.waitFor(async () =>
      expect((await db.responses.toArray()).map((row) => (row.data as { title: string }).title)).toEqual([
        'Early answer',
        'Early answer',
      ]),
    );
    // A second read of the same request (the shell and the page both read the settings) joins too.
    render(
      <>
        <LeadsScreen n={2} />
        <Read name="again" path="/leads" body={{ page: 2 }} />
      </>,
    );
    await vi.waitFor(() => expect(firstFrame()).toEqual(['Early answer', 'Early answer']));
    await vi.waitFor(() => expect(busy()).toEqual([null, null]));
    await vi.waitFor(() => expect(screen.getByTestId('again').getAttribute('aria-busy')).toBe(null));
    expect(screen.getByTestId('again').textContent).toBe('Early answer');
    expect(calls).toHaveLength(2);
  });

  it('answers that come while the page’s chunks load are in its first render; they are not waited for after that', async () => {
    const path = '/dashboard/leads/chunks';
    await visitOnce(path, 4);
    // The answers come before the chunks: the first render shows them, no second request.
    let calls = mockFetch(() => json(200, { title: 'Early answer' }));
    let chunksLoaded: () => void = () => undefined;
    await primeDashboardPage(path, 7, new Promise<void>((resolve) => (chunksLoaded = resolve)));
    render(<LeadsScreen n={4} />);
    expect(firstFrame()).toEqual(['Early answer', 'Early answer']);
    expect(busy()).toEqual([null, null]);
    chunksLoaded();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    cleanup();

    // The chunks come first: the stored copies are the first render's, the answers come after.
    const later = '/dashboard/leads/chunks-first';
    await visitOnce(later, 5);
    const answers: ((response: Response) => void)[] = [];
    calls = mockFetch(() => new Promise<Response>((resolve) => answers.push(resolve)));
    await primeDashboardPage(later, 7, Promise.resolve());
    render(<LeadsScreen n={5} />);
    expect(firstFrame()).toEqual(['First answer', 'First answer']);
    for (const answer of answers) answer(json(200, { title: 'Early answer' }));
    await vi.waitFor(() => expect(firstFrame()).toEqual(['Early answer', 'Early answer']));
    expect(calls).toHaveLength(2);
  });

  it('sends nothing offline, nor for an entry that is not a read the cache keeps under its own key', async () => {
    const path = '/dashboard/leads/all';
    await visitOnce(path, 3);
    const calls = mockFetch(() => json(200, { title: 'Fresh answer' }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await primeDashboardPage(path, 7);
    expect(calls).toEqual([]);

    // Storage is untrusted: a write, another user's key or a key of another request are not sent.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const review = { method: 'POST', path: '/leads/5/review', query: '', body: '{"status":"won"}', fresh: 0 };
    const list = { method: 'POST', path: '/leads', query: '', body: '{"page":2}', fresh: 0 };
    writeUserItem(
      7,
      `screen-reads:${path}`,
      JSON.stringify([
        { ...review, key: requestKey(7, 'POST', '/api/v1/leads/5/review', review.body) },
        { ...list, key: requestKey(8, 'POST', '/api/v1/leads', list.body) },
        { ...list, key: requestKey(7, 'POST', '/api/v1/leads', '{"page":3}') },
      ]),
    );
    await primeDashboardPage(path, 7);
    expect(calls).toEqual([]);
  });
});
