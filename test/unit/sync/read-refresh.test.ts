import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import {
  everyStored,
  type RefreshTarget,
  refreshReads,
  refreshTarget,
  refreshTargets,
  registerRefresher,
  setDefaultRefresher,
} from '../../../src/sync/read-refresh';
import { apiUrl, bodyText, MAX_VARIANTS, storeResponse } from '../../../src/sync/response-cache';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A refresher of `/things` whose runs wait until released; answers the log of starts and ends. */
function gatedRefresher() {
  const log: string[] = [];
  const gates: (() => void)[] = [];
  stops.push(
    registerRefresher(
      (path) => path === '/things',
      async () => {
        log.push('start');
        await new Promise<void>((resolve) => gates.push(resolve));
        log.push('end');
      },
    ),
  );
  const release = async () => {
    while (gates.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    gates.shift()?.();
  };
  return { log, release };
}

describe('refreshReads', () => {
  it('runs one refresh of a path at a time, and one more after it for every write delivered meanwhile', async () => {
    const { log, release } = gatedRefresher();
    const first = refreshReads(1, ['/things']);
    // Five more writes delivered while the first refresh runs: one more run, after it, for all five.
    const later = [1, 2, 3, 4, 5].map(() => refreshReads(1, ['/things', '/things']));
    await release();
    await first;
    // The second run starts only once the first has ended.
    expect(log).toEqual(['start', 'end', 'start']);
    await release();
    await Promise.all(later);
    expect(log).toEqual(['start', 'end', 'start', 'end']);
  });

  it('keeps users apart, and a failing refresh never throws', async () => {
    const { log, release } = gatedRefresher();
    const one = refreshReads(1, ['/things']);
    const two = refreshReads(2, ['/things']);
    await release();
    await release();
    await Promise.all([one, two]);
    expect(log).toEqual(['start', 'start', 'end', 'end']);
    stops.push(
      registerRefresher(
        (path) => path === '/broken',
        async () => {
          throw new Error('offline');
        },
      ),
    );
    await expect(refreshReads(1, ['/broken'])).resolves.toBeUndefined();
  });

  it('reads a `POST /path` entry as a POST read with an empty body (the linked accounts summary), any other as a GET', () => {
    expect(refreshTarget('POST /client/accounts/summary')).toEqual({
      method: 'POST',
      path: '/client/accounts/summary',
      body: {},
    });
    expect(refreshTarget('/user/settings')).toEqual({ method: 'GET', path: '/user/settings' });
  });
});

describe('every stored variant of a read (`<entry> *`)', () => {
  beforeEach(async () => {
    await db.responses.clear();
  });

  /** Stores an answer as the page or the worker does (response-cache.ts). */
  const store = (userId: number, method: string, path: string, body: unknown, at: number, query = {}) =>
    storeResponse(
      { userId, method, url: apiUrl(path, query), body: body === undefined ? '' : bodyText(body), data: {} },
      at,
    );

  it('names each stored body of a POST read, newest first, and no other path, method or user', async () => {
    await store(7, 'POST', '/campaigns', { page: 1, start_date: '2026-03-01' }, 10);
    await store(7, 'POST', '/campaigns', { page: 2, start_date: '2026-03-01' }, 30);
    await store(7, 'POST', '/campaigns', { query: 'Denver' }, 20);
    await store(7, 'POST', '/campaigns/12/providers', { a: 1 }, 40);
    await store(7, 'GET', '/campaigns/12', undefined, 50);
    await store(8, 'POST', '/campaigns', { page: 9 }, 60);
    expect(await refreshTargets(7, everyStored('POST /campaigns'))).toEqual([
      { method: 'POST', path: '/campaigns', body: { page: 2, start_date: '2026-03-01' } },
      { method: 'POST', path: '/campaigns', body: { query: 'Denver' } },
      { method: 'POST', path: '/campaigns', body: { page: 1, start_date: '2026-03-01' } },
    ]);
    // A plain entry is the one read it names.
    expect(await refreshTargets(7, 'POST /campaigns')).toEqual([
      { method: 'POST', path: '/campaigns', body: {} },
    ]);
  });

  it('names each stored query of a GET read (a list’s pages), not the paths under it', async () => {
    await store(7, 'GET', '/campaigns/12/locations', undefined, 1);
    await store(7, 'GET', '/campaigns/12/locations', undefined, 2, { next: 'c2' });
    await store(7, 'GET', '/campaigns/12/locations/3', undefined, 3);
    await store(7, 'GET', '/campaigns/1', undefined, 4);
    const paths = (await refreshTargets(7, everyStored('/campaigns/12/locations'))).map((t) => t.path);
    expect(paths).toEqual(['/campaigns/12/locations?next=c2', '/campaigns/12/locations']);
  });

  it(`fetches at most the ${MAX_VARIANTS} newest, each through the default refresher, once`, async () => {
    for (let page = 1; page <= MAX_VARIANTS + 3; page += 1) await store(7, 'POST', '/leads', { page }, page);
    const asked: RefreshTarget[] = [];
    setDefaultRefresher(async (_userId, target) => {
      asked.push(target);
    });
    stops.push(() => setDefaultRefresher(async () => {}));
    await refreshReads(7, [everyStored('POST /leads'), everyStored('POST /leads')]);
    expect(asked.map((target) => (target.body as { page: number }).page)).toEqual(
      Array.from({ length: MAX_VARIANTS }, (_, index) => MAX_VARIANTS + 3 - index),
    );
  });

  it('leaves out a POST answer stored before bodies were kept (its body is unknown)', async () => {
    await db.responses.put({
      key: '7:POST /api/v1/campaigns#abc123',
      user_id: 7,
      method: 'POST',
      url: '/api/v1/campaigns',
      data: {},
      stored_at: 1,
    });
    await store(7, 'POST', '/campaigns', { page: 1 }, 2);
    expect(await refreshTargets(7, everyStored('POST /campaigns'))).toEqual([
      { method: 'POST', path: '/campaigns', body: { page: 1 } },
    ]);
  });
});
