/**
 * What is kept after sign-in (sync/prefetch-signed-in.ts), with the prefetcher mocked: once the
 * app starts keeping, the named items are handed to prefetch() for the signed-in user in idle time, after a sign-in and when the
 * connection returns; never signed out or offline; several signals before the idle moment are one run.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../src/db/session';
import { markNetworkFailure, markNetworkSuccess } from '../../../src/sync/connectivity';
import { prefetch } from '../../../src/sync/prefetch';
import { prefetchFile } from '../../../src/sync/prefetch-items';
import { keepAfterSignIn, startKeeping } from '../../../src/sync/prefetch-signed-in';

vi.mock('../../../src/sync/prefetch', () => ({ prefetch: vi.fn() }));

const USER = 7;
const ITEM = prefetchFile('/api/v1/invoices/3', 'pdf', 0);
let idle: (() => void)[] = [];
const runIdle = () => {
  const due = idle;
  idle = [];
  for (const callback of due) callback();
};
let stop = () => {};
let stopKeeping = () => {};

beforeEach(async () => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  vi.mocked(prefetch).mockClear();
  markNetworkSuccess();
  await clearSession();
});
afterEach(() => {
  stop();
  stopKeeping();
  vi.unstubAllGlobals();
});

describe('keepAfterSignIn', () => {
  it('names items without fetching them until the app starts keeping', async () => {
    await setSession({ token: 'tok', user_id: USER });
    stop = keepAfterSignIn(() => [ITEM]);
    runIdle();
    expect(prefetch).not.toHaveBeenCalled();
    stopKeeping = startKeeping();
    runIdle();
    expect(prefetch).toHaveBeenCalledWith(USER, [ITEM]);
  });

  it('hands the items to the prefetcher for whoever signs in, in idle time, once per idle moment', async () => {
    stopKeeping = startKeeping();
    stop = keepAfterSignIn(() => [ITEM]);
    runIdle();
    expect(prefetch).not.toHaveBeenCalled(); // signed out
    await setSession({ token: 'tok', user_id: USER });
    await vi.waitFor(() => expect(idle.length).toBe(1));
    markNetworkFailure();
    markNetworkSuccess(); // back online before the idle moment: still one run
    expect(idle.length).toBe(1);
    runIdle();
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledWith(USER, [ITEM]);
  });

  it('runs again when the connection returns, and never while offline', async () => {
    await setSession({ token: 'tok', user_id: USER });
    stopKeeping = startKeeping();
    stop = keepAfterSignIn(() => [ITEM]);
    markNetworkFailure();
    runIdle();
    expect(prefetch).not.toHaveBeenCalled();
    markNetworkSuccess();
    runIdle();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });
});
