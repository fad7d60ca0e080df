/**
 * The server's return as the app sees it (issue 48, item 2): the first answer after a failure is
 * the connection coming back (an `online` of ours, while the browser says it is online, at most
 * once in 5 s); a good answer is told to `onServerAnswered`'s listeners. (A .tsx file: it needs the
 * DOM's window and events.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isOffline,
  markNetworkFailure,
  markNetworkSuccess,
  markServerAnswered,
  onServerAnswered,
} from '../../../src/sync/connectivity';

afterEach(() => vi.useRealTimers());

describe('the server back', () => {
  it('ends the offline state and says online once, not again while the connection flaps', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const onlines = vi.fn();
    window.addEventListener('online', onlines);
    markNetworkFailure();
    expect(isOffline()).toBe(true);
    markNetworkSuccess();
    expect(isOffline()).toBe(false);
    await Promise.resolve();
    expect(onlines).toHaveBeenCalledTimes(1);
    markNetworkFailure();
    markNetworkSuccess();
    await Promise.resolve();
    expect(onlines).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_006_000);
    markNetworkFailure();
    markNetworkSuccess();
    await Promise.resolve();
    expect(onlines).toHaveBeenCalledTimes(2);
    window.removeEventListener('online', onlines);
  });

  it('tells every good answer, and a plain answer when nothing failed says nothing', async () => {
    const onlines = vi.fn();
    const answered = vi.fn();
    window.addEventListener('online', onlines);
    const stop = onServerAnswered(answered);
    markNetworkSuccess();
    markServerAnswered();
    markServerAnswered();
    await Promise.resolve();
    expect(answered).toHaveBeenCalledTimes(2);
    expect(onlines).not.toHaveBeenCalled();
    stop();
    window.removeEventListener('online', onlines);
  });
});
