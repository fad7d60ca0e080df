import { object, string } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request, requestCached } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { db } from '../../../src/db/db';
import { clearSession, setSession } from '../../../src/db/session';
import { isOffline, markNetworkSuccess } from '../../../src/sync/connectivity';
import { cachedAsOf, noteFresh } from '../../../src/sync/freshness';
import {
  CACHE_HEADER,
  NOT_CACHED_MESSAGE,
  OFFLINE_HEADER,
  STORED_AT_HEADER,
} from '../../../src/sync/response-cache';
import { checkStored } from '../../../src/sync/stored-read';
import { json, mockFetch } from '../api/fetch-mock';

vi.mock('../../../src/ui/toast', () => ({ showToast: vi.fn(), toastError: vi.fn(), toastInfo: vi.fn() }));

const Echo = object({ message: string() });
const noAnswer = () => {
  globalThis.fetch = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
};

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: 7 });
  markNetworkSuccess();
  noteFresh();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await clearSession();
});

describe('the api client without a service worker', () => {
  it('stores each read per user and serves it, with its age, when no answer comes', async () => {
    mockFetch(() => json(200, { message: 'fresh' }));
    await request(Echo, '/user/settings', { query: { b: 2, a: 1 } });
    expect(await db.responses.count()).toBe(1);
    expect((await db.responses.toArray())[0]).toMatchObject({
      user_id: 7,
      url: '/api/v1/user/settings?a=1&b=2',
    });

    noAnswer();
    const answer = await requestCached(Echo, '/user/settings', { query: { a: 1, b: 2 } });
    expect(answer.data).toEqual({ message: 'fresh' });
    expect(answer.fromCache).toBe(true);
    expect(cachedAsOf()).toBe(answer.storedAt);
    expect(isOffline()).toBe(true);

    // Another user on the same device gets nothing of it.
    await setSession({ token: 'other', user_id: 8 });
    const error = (await request(Echo, '/user/settings', { query: { a: 1, b: 2 } }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.offline).toBe(true);
    expect(error.message).toBe(NOT_CACHED_MESSAGE);
  });

  it('keys POST list reads by body, and never caches writes', async () => {
    mockFetch(() => json(200, { message: 'ok' }));
    await request(Echo, '/leads', { method: 'POST', body: { page: 1 } });
    await request(Echo, '/leads', { method: 'POST', body: { page: 2 } });
    await request(Echo, '/notifications/3', { method: 'PUT' });
    expect(await db.responses.count()).toBe(2);
    noAnswer();
    await expect(request(Echo, '/leads', { method: 'POST', body: { page: 2 } })).resolves.toEqual({
      message: 'ok',
    });
    await expect(request(Echo, '/leads', { method: 'POST', body: { page: 3 } })).rejects.toMatchObject({
      message: NOT_CACHED_MESSAGE,
    });
    await expect(request(Echo, '/notifications/3', { method: 'PUT' })).rejects.toMatchObject({
      message: "You're offline - this needs a connection",
    });
  });

  it('does not store twice what the service worker stored, and reads its cache marks', async () => {
    mockFetch(
      () =>
        new Response(JSON.stringify({ message: 'sw' }), {
          headers: { 'content-type': 'application/json', [CACHE_HEADER]: 'network' },
        }),
    );
    await request(Echo, '/user/settings');
    expect(await db.responses.count()).toBe(0);

    mockFetch(
      () =>
        new Response(JSON.stringify({ message: 'old' }), {
          headers: {
            'content-type': 'application/json',
            [CACHE_HEADER]: 'cache',
            [STORED_AT_HEADER]: '1234',
          },
        }),
    );
    await expect(requestCached(Echo, '/user/settings')).resolves.toEqual({
      data: { message: 'old' },
      fromCache: true,
      storedAt: 1234,
    });
    expect(cachedAsOf()).toBe(1234);
  });

  it('turns the worker’s offline answer into an offline error, not a server error', async () => {
    mockFetch(
      () =>
        new Response(JSON.stringify({ errors: NOT_CACHED_MESSAGE }), {
          status: 503,
          headers: { 'content-type': 'application/json', [OFFLINE_HEADER]: '1' },
        }),
    );
    const error = (await request(Echo, '/user/settings').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.message).toBe(NOT_CACHED_MESSAGE);
  });

  it('network-only reads never answer from the device', async () => {
    mockFetch(() => json(200, { message: 'fresh' }));
    await request(Echo, '/notifications');
    noAnswer();
    await expect(request(Echo, '/notifications', { cache: 'network-only' })).rejects.toMatchObject({
      status: 0,
    });
  });

  it('checks a fresh answer once: its stored copy reads back as that very answer', async () => {
    // The page stores it (no worker).
    mockFetch(() => json(200, { message: 'fresh' }));
    const answer = await requestCached(Echo, '/user/settings');
    const [row] = await db.responses.toArray();
    expect(checkStored(Echo, row)?.data).toBe(answer.data);

    // The worker stored it, and said when.
    await db.responses.put({ ...row, data: { message: 'from the worker' }, stored_at: 4321 });
    mockFetch(
      () =>
        new Response(JSON.stringify({ message: 'from the worker' }), {
          headers: {
            'content-type': 'application/json',
            [CACHE_HEADER]: 'network',
            [STORED_AT_HEADER]: '4321',
          },
        }),
    );
    const fromWorker = await requestCached(Echo, '/user/settings');
    const stored = checkStored(Echo, (await db.responses.toArray())[0]);
    expect(stored).toEqual({ data: { message: 'from the worker' }, at: 4321 });
    expect(stored?.data).toBe(fromWorker.data);
  });
});
