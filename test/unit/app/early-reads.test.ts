/**
 * A signed-in reload's first reads leave with the page's scripts (issue 26): the start script
 * inlined in index.html (app/early-reads-script.ts) sends the GETs the screen made on its last
 * visit, with the stored session's headers, and the api client takes each answer once instead of
 * asking again (api/early-reads.ts). Nothing is sent without a stored session, and a request that
 * is not the same read asks the network itself.
 */
import { object, string } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request, requestCached } from '../../../src/api/client';
import { EARLY_READS, TAKE_WITHIN_MS } from '../../../src/api/early-reads';
import { DEVICE_DB, MAX_EARLY, startEarlyReads } from '../../../src/app/early-reads-script';
import { db } from '../../../src/db/db';
import { clearSession, setSession } from '../../../src/db/session';
import { writeDeviceItem } from '../../../src/lib/device-storage';
import { writeScreenReadKeys } from '../../../src/lib/screen-read-keys';
import { firstRead, readAhead } from '../../../src/sync/read-ahead';
import { requestKey } from '../../../src/sync/response-cache';
import { primedRow } from '../../../src/sync/stored-read';
import { json, mockFetch } from '../api/fetch-mock';

vi.mock('../../../src/ui/toast', () => ({ showToast: vi.fn(), toastError: vi.fn(), toastInfo: vi.fn() }));

const Client = object({ name: string() });
const PATH = '/dashboard/account-settings/profile';
const headersOf = (call: { headers: Headers }) =>
  Object.fromEntries(
    ['Accept', 'X-Auth-Token', 'X-User-Id', 'X-Impersonate-Id'].map((name) => [name, call.headers.get(name)]),
  );

/** The last visit of PATH read these, as sync/screen-reads.ts notes them. */
function rememberReads(userId: number, keys: string[]) {
  writeScreenReadKeys(userId, PATH, keys);
}

beforeEach(async () => {
  delete (globalThis as Record<string, unknown>)[EARLY_READS];
  localStorage.clear();
  await db.responses.clear();
  await clearSession();
  window.history.replaceState(null, '', PATH);
});

afterEach(() => {
  vi.useRealTimers();
  delete (globalThis as Record<string, unknown>)[EARLY_READS];
});

describe('early reads', () => {
  it("send the GETs of the screen's last visit with the stored session, and the client takes each answer once", async () => {
    await setSession({ token: 'tok-1', user_id: 7 });
    rememberReads(7, [
      requestKey(7, 'GET', '/api/v1/client'),
      requestKey(7, 'POST', '/api/v1/leads/search', '{"page":1}'),
      requestKey(7, 'GET', '/api/v1/user/settings'),
      requestKey(7, 'GET', '/api/v1/reports?to=2&from=1'),
      requestKey(8, 'GET', '/api/v1/someone-else'),
    ]);
    const calls = mockFetch((call) => json(200, { name: `answer ${call.url}` }));
    await startEarlyReads();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/v1/client',
      '/api/v1/user/settings',
      '/api/v1/reports?from=1&to=2',
    ]);
    expect(headersOf(calls[0])).toEqual({
      Accept: 'application/json',
      'X-Auth-Token': 'tok-1',
      'X-User-Id': '7',
      'X-Impersonate-Id': null,
    });

    // The screen's reads: answered by the early reads, no request of their own.
    expect(await request(Client, '/client')).toEqual({ name: 'answer /api/v1/client' });
    expect(await request(Client, '/reports', { query: { to: 2, from: 1 } })).toEqual({
      name: 'answer /api/v1/reports?from=1&to=2',
    });
    expect(calls).toHaveLength(3);
    // Taken once: the next read of it asks the network.
    await request(Client, '/client');
    expect(calls).toHaveLength(4);
  });

  it('are the same read only: another caller or a network-only read asks for itself', async () => {
    await setSession({ token: 'tok-1', user_id: 7 });
    rememberReads(7, [requestKey(7, 'GET', '/api/v1/client'), requestKey(7, 'GET', '/api/v1/user/settings')]);
    const calls = mockFetch(() => json(200, { name: 'fresh' }));
    await startEarlyReads();
    expect(calls).toHaveLength(2);
    await requestCached(Client, '/client', { cache: 'network-only' });
    expect(calls).toHaveLength(3);
    await setSession({ token: 'tok-2' });
    await request(Client, '/user/settings');
    expect(calls).toHaveLength(4);
    expect(calls[3].headers.get('X-Auth-Token')).toBe('tok-2');
  });

  it("are in the screen's first render when answered as its code starts, as its stored copy", async () => {
    await setSession({ token: 'tok-1', user_id: 7 });
    rememberReads(7, [requestKey(7, 'GET', '/api/v1/client')]);
    const calls = mockFetch((call) => json(200, { name: `answer ${call.url}` }));
    await startEarlyReads();
    // The profile's reads ahead (app/dashboard-routes.tsx START_READS): one sent early, one not.
    await readAhead(7, [firstRead(Client, '/client'), firstRead(Client, '/client/profile')]);
    expect(primedRow(requestKey(7, 'GET', '/api/v1/client'))?.data).toEqual({
      name: 'answer /api/v1/client',
    });
    // Not sent early: asked for, but the first render does not wait for it.
    expect(primedRow(requestKey(7, 'GET', '/api/v1/client/profile'))).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/client', '/api/v1/client/profile']);
  });

  it('are not taken once too old', async () => {
    await setSession({ token: 'tok-1', user_id: 7 });
    rememberReads(7, [requestKey(7, 'GET', '/api/v1/client')]);
    const calls = mockFetch(() => json(200, { name: 'fresh' }));
    await startEarlyReads();
    const sent = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(sent + TAKE_WITHIN_MS + 1);
    await request(Client, '/client');
    expect(calls).toHaveLength(2);
  });

  it('leave a caller that gives up free to, as its own fetch would', async () => {
    await setSession({ token: 'tok-1', user_id: 7 });
    rememberReads(7, [requestKey(7, 'GET', '/api/v1/client')]);
    mockFetch(() => new Promise<Response>(() => undefined));
    await startEarlyReads();
    const controller = new AbortController();
    const read = request(Client, '/client', { signal: controller.signal, toast: false });
    controller.abort();
    await expect(read).rejects.toBeInstanceOf(Error);
  });

  it('send at most MAX_EARLY, in the order the screen asked', async () => {
    await setSession({ token: 'tok-1', user_id: 7 });
    const keys = Array.from({ length: MAX_EARLY + 3 }, (_, n) => requestKey(7, 'GET', `/api/v1/part/${n}`));
    rememberReads(7, keys);
    const calls = mockFetch(() => json(200, { name: 'x' }));
    await startEarlyReads();
    expect(calls.map((call) => call.url)).toEqual(
      keys.slice(0, MAX_EARLY).map((key) => key.slice('7:GET '.length)),
    );
  });

  it('send nothing off the screens that show them first, without a session, or during a registration', async () => {
    const calls = mockFetch(() => json(200, { name: 'x' }));
    rememberReads(7, [requestKey(7, 'GET', '/api/v1/client')]);
    // No session hint (signed out).
    writeDeviceItem('portal:session', null);
    await startEarlyReads();
    // Signed in, but on /login, or on a screen whose first frame does not show its reads.
    await setSession({ token: 'tok-1', user_id: 7 });
    for (const path of ['/login', '/dashboard/overview']) {
      writeScreenReadKeys(7, path, [requestKey(7, 'GET', '/api/v1/client')]);
      window.history.replaceState(null, '', path);
      await startEarlyReads();
    }
    // A registration under way: its calls carry other credentials.
    window.history.replaceState(null, '', PATH);
    await setSession({ 'reg-token': 'reg-1' });
    await startEarlyReads();
    expect(calls).toHaveLength(0);
  });

  it('never create the device database: Dexie does, with its schema', async () => {
    expect(DEVICE_DB).toBe(db.name);
    db.close();
    await new Promise((done) => {
      indexedDB.deleteDatabase(DEVICE_DB).onsuccess = done;
    });
    writeDeviceItem('portal:session', '1');
    const calls = mockFetch(() => json(200, { name: 'x' }));
    await startEarlyReads();
    expect(calls).toHaveLength(0);
    expect((await indexedDB.databases()).map((entry) => entry.name)).not.toContain(DEVICE_DB);
    await db.open();
  });
});
