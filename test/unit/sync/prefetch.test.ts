/**
 * The prefetcher (sync/prefetch.ts) on fake-indexeddb, a recorded fetch, a manual idle queue and
 * an in-memory Cache Storage: it waits for idle time, runs at most PREFETCH.concurrency requests,
 * only online, never refetches a fresh copy, shares the screen's request, stores per user, stops
 * on sign-out, and keeps within its budgets.
 */
import { number, object, string } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { InvoicesResponse } from '../../../src/api/contracts/billing';
import { db } from '../../../src/db/db';
import { clearSession, setSession } from '../../../src/db/session';
import { markNetworkFailure, markNetworkSuccess } from '../../../src/sync/connectivity';
import { prefetch, stopPrefetch } from '../../../src/sync/prefetch';
import { PREFETCH } from '../../../src/sync/prefetch-budget';
import { filesCacheName, listFiles, storedFile } from '../../../src/sync/prefetch-files';
import { prefetchFile, prefetchRead } from '../../../src/sync/prefetch-items';
import { readResponse, requestKey, storeResponse } from '../../../src/sync/response-cache';
import { readSignature, sharedRequest } from '../../../src/sync/shared-request';
import { type Call, json, mockFetch } from '../api/fetch-mock';
import { installFakeCaches } from './fake-caches';

vi.mock('../../../src/ui/toast', () => ({ showToast: vi.fn(), toastError: vi.fn(), toastInfo: vi.fn() }));

const Detail = object({ id: number(), name: string() });
const USER = 7;
const detail = (id: number) => prefetchRead(Detail, `/campaigns/${id}`);
const key = (id: number, userId = USER) => requestKey(userId, 'GET', `/api/v1/campaigns/${id}`);

/** requestIdleCallback stand-in: callbacks wait until the test says the browser is idle. */
let idle: (() => void)[] = [];
const runIdle = async () => {
  for (let round = 0; round < 20; round += 1) {
    const due = idle;
    idle = [];
    for (const callback of due) callback();
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (idle.length === 0 && round > 2) return;
  }
};

/**
 * Idle time until `check` passes: an item asks for its idle time once the one before it is settled,
 * which on a loaded machine can come after runIdle's rounds (IndexedDB on fake-indexeddb is slow).
 */
const idleUntil = (check: () => unknown) =>
  vi.waitFor(
    async () => {
      await runIdle();
      await check();
    },
    { timeout: 10_000 },
  );

/** A fetch whose answers wait until released, counting requests in flight. */
function heldFetch(answer: (call: Call) => Response = (call) => json(200, { id: idOf(call), name: 'x' })) {
  const held: (() => void)[] = [];
  let inFlight = 0;
  let most = 0;
  const calls = mockFetch(
    (call) =>
      new Promise<Response>((resolve) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        held.push(() => {
          inFlight -= 1;
          resolve(answer(call));
        });
      }),
  );
  return {
    calls,
    most: () => most,
    releaseAll: () => {
      for (const release of held.splice(0)) release();
    },
  };
}
const idOf = (call: Call) => Number(new URL(call.url, 'http://local').pathname.split('/')[4]);

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: USER });
  markNetworkSuccess();
  installFakeCaches();
  idle = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
});

afterEach(async () => {
  stopPrefetch();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await clearSession();
});

describe('prefetch', () => {
  it('waits for idle time, then stores each item under the user key the drawer reads', async () => {
    const calls = mockFetch((call) => json(200, { id: idOf(call), name: `thing ${idOf(call)}` })).filter(
      (call) => call.url.includes('/campaigns/'),
    );
    prefetch(USER, [detail(1), detail(2)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
    await idleUntil(async () =>
      expect((await readResponse(key(2)))?.data).toEqual({ id: 2, name: 'thing 2' }),
    );
    expect((await readResponse(key(1)))?.data).toEqual({ id: 1, name: 'thing 1' });
  });

  it('runs at most PREFETCH.concurrency requests at a time', async () => {
    const fetches = heldFetch();
    prefetch(USER, [1, 2, 3, 4, 5, 6].map(detail));
    for (let done = 0; done < 6; ) {
      await runIdle();
      fetches.releaseAll();
      done = (await Promise.all([1, 2, 3, 4, 5, 6].map((id) => readResponse(key(id))))).filter(
        Boolean,
      ).length;
    }
    expect(fetches.calls).toHaveLength(6);
    expect(fetches.most()).toBe(PREFETCH.concurrency);
  });

  it('does nothing offline, and going offline stops the queue', async () => {
    const fetches = heldFetch();
    markNetworkFailure();
    prefetch(USER, [detail(1)]);
    await runIdle();
    expect(fetches.calls).toHaveLength(0);

    markNetworkSuccess();
    prefetch(USER, [1, 2, 3, 4].map(detail));
    await runIdle();
    expect(fetches.calls).toHaveLength(2);
    markNetworkFailure();
    fetches.releaseAll();
    await runIdle();
    expect(fetches.calls).toHaveLength(2);
    expect(await readResponse(key(3))).toBeNull();
  });

  it('never refetches a copy younger than freshForMs; an older one is fetched again', async () => {
    const calls = mockFetch((call) => json(200, { id: idOf(call), name: 'new' }));
    const now = Date.now();
    await storeResponse(
      { userId: USER, method: 'GET', url: '/api/v1/campaigns/1', data: { id: 1, name: 'young' } },
      now,
    );
    await storeResponse(
      { userId: USER, method: 'GET', url: '/api/v1/campaigns/2', data: { id: 2, name: 'old' } },
      now - PREFETCH.freshForMs - 1000,
    );
    prefetch(USER, [detail(1), detail(2)]);
    await idleUntil(async () => expect((await readResponse(key(2)))?.data).toEqual({ id: 2, name: 'new' }));
    expect(calls.map((call) => new URL(call.url, 'http://local').pathname)).toEqual(['/api/v1/campaigns/2']);
    expect((await readResponse(key(1)))?.data).toEqual({ id: 1, name: 'young' });
  });

  it("joins the screen's request in flight for the same read instead of asking twice", async () => {
    const fetches = heldFetch();
    const url = '/api/v1/campaigns/1';
    const screen = sharedRequest(readSignature(USER, 'GET', url, ''), () =>
      fetch(url).then((response) => response.json()),
    );
    prefetch(USER, [detail(1)]);
    await runIdle();
    fetches.releaseAll();
    expect(await screen.promise).toEqual({ id: 1, name: 'x' });
    screen.release();
    expect(fetches.calls).toHaveLength(1);
  });

  it('reads that depend on an answer follow it (a detail, then the tabs it says it shows)', async () => {
    const calls = mockFetch((call) => json(200, { id: idOf(call) || 1, name: 'x' }));
    prefetch(USER, [
      prefetchRead(Detail, '/campaigns/1', {}, (thing) => [
        prefetchRead(Detail, `/campaigns/${thing.id}/schedule`),
      ]),
    ]);
    await idleUntil(() => expect(calls.map((call) => call.url)).toContain('/api/v1/campaigns/1/schedule'));
  });

  it('sign-out stops the run: nothing more is fetched, nothing fetched for the old user is kept', async () => {
    const fetches = heldFetch(
      () => new Response(new Blob(['pdf']), { headers: { 'content-type': 'application/pdf' } }),
    );
    prefetch(
      USER,
      [1, 2, 3].map((id) => prefetchFile(`/api/v1/invoices/${id}`, 'pdf', Date.now())),
    );
    await runIdle();
    expect(fetches.calls).toHaveLength(2);
    await clearSession();
    fetches.releaseAll();
    await runIdle();
    expect(fetches.calls).toHaveLength(2);
    expect(await listFiles(USER)).toEqual([]);
  });

  it('keeps files per user: another user signing in drops the first one’s files', async () => {
    mockFetch(() => new Response(new Blob(['pdf']), { headers: { 'content-type': 'application/pdf' } }));
    prefetch(USER, [prefetchFile('/api/v1/invoices/1', 'pdf', Date.now())]);
    await idleUntil(async () => expect(await storedFile(USER, '/api/v1/invoices/1')).not.toBeNull());
    expect(await caches.keys()).toEqual([filesCacheName(USER)]);
    await setSession({ token: 'tok2', user_id: 8 });
    prefetch(8, [prefetchFile('/api/v1/invoices/2', 'pdf', Date.now())]);
    await idleUntil(async () => expect(await caches.keys()).toEqual([filesCacheName(8)]));
  });
});

describe('prefetch budget', () => {
  it('keeps item reads within maxStoredReads by dropping the oldest stored before the run', async () => {
    const before = PREFETCH.maxStoredReads;
    PREFETCH.maxStoredReads = 3;
    onTestFinished(() => {
      PREFETCH.maxStoredReads = before;
    });
    mockFetch((call) => json(200, { id: idOf(call), name: 'x' }));
    const long = Date.now() - 60 * 60_000;
    for (const id of [1, 2, 3]) {
      await storeResponse(
        { userId: USER, method: 'GET', url: `/api/v1/campaigns/${id}`, data: { id, name: 'x' } },
        long + id,
      );
    }
    // A screen's own read (another kind) is never dropped for items.
    await storeResponse({ userId: USER, method: 'GET', url: '/api/v1/user/settings', data: {} }, long);
    prefetch(USER, [detail(4), detail(5)]);
    await idleUntil(async () => expect(await readResponse(key(5))).not.toBeNull());
    const kept = await db.responses.where('user_id').equals(USER).toArray();
    expect(kept.map((row) => row.url).sort()).toEqual(
      ['/api/v1/campaigns/3', '/api/v1/campaigns/4', '/api/v1/campaigns/5', '/api/v1/user/settings'].sort(),
    );
  });

  it("never makes room in a list it keeps whole: the screen's own reads of that list stay", async () => {
    const before = PREFETCH.maxStoredReads;
    PREFETCH.maxStoredReads = 2;
    onTestFinished(() => {
      PREFETCH.maxStoredReads = before;
    });
    const page = (current: number) => ({
      invoices: [],
      total_pages: 3,
      current_page: current,
      total_records: 0,
      showing_from: 0,
      showing_to: 0,
    });
    mockFetch((call) => json(200, page(Number(new URL(call.url, 'http://local').searchParams.get('page')))));
    const long = Date.now() - 60 * 60_000;
    // The screen's own reads of the list (two ranges), stored long ago.
    for (const n of [7, 8]) {
      await storeResponse(
        { userId: USER, method: 'GET', url: `/api/v1/invoices?page=${n}`, data: page(n) },
        long + n,
      );
    }
    const pages = [1, 2, 3].map((n) => prefetchRead(InvoicesResponse, '/invoices', { query: { page: n } }));
    prefetch(USER, pages);
    const listKey = (n: number) => requestKey(USER, 'GET', `/api/v1/invoices?page=${n}`);
    await idleUntil(async () => expect(await readResponse(listKey(3))).not.toBeNull());
    for (const n of [1, 2, 7, 8]) expect(await readResponse(listKey(n))).not.toBeNull();
  });

  it('stores no files while the origin uses more than maxUsage of its quota', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      onLine: true,
      storage: { estimate: async () => ({ usage: 95, quota: 100 }) },
    });
    const calls = mockFetch(() => new Response(new Blob(['pdf'])));
    prefetch(USER, [prefetchFile('/api/v1/invoices/1', 'pdf', Date.now())]);
    await runIdle();
    expect(calls).toHaveLength(0);
    expect(await listFiles(USER)).toEqual([]);
  });

  it('skips recordings of leads older than the recordings budget, keeps newer ones', async () => {
    const calls = mockFetch(
      () => new Response(new Blob(['wav']), { headers: { 'content-type': 'audio/wav' } }),
    );
    prefetch(USER, [
      prefetchFile('/api/v1/leads/1/recording?expires=1&sig=a', 'recording', Date.now() - 8 * 86_400_000),
      prefetchFile('/api/v1/leads/2/recording?expires=1&sig=b', 'recording', Date.now() - 86_400_000),
    ]);
    await idleUntil(async () => expect(await storedFile(USER, '/api/v1/leads/2/recording')).not.toBeNull());
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/leads/2/recording?expires=1&sig=b']);
    // Stored once, never fetched again (a new signed link is the same recording).
    prefetch(USER, [prefetchFile('/api/v1/leads/2/recording?expires=2&sig=c', 'recording', Date.now())]);
    await runIdle();
    expect(calls).toHaveLength(1);
  });
});
