/**
 * Code a screen may open later (a form in a menu, a modal) is preloaded at the first idle moment
 * after the screen's next frame is painted, never in an idle moment before it (issue 26: the
 * profile's logo form was asked for between Profile Details' render and its paint, sharing the
 * phone's connection with that frame).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadWhenIdle } from '../../../src/ui/lazy-component';

let frames: (() => void)[] = [];
let idle: (() => void)[] = [];

beforeEach(() => {
  frames = [];
  idle = [];
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  vi.stubGlobal('cancelIdleCallback', (id: number) => {
    idle[id - 1] = () => undefined;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const runAll = (callbacks: (() => void)[]) => {
  for (const callback of callbacks.splice(0)) callback();
};

describe('preloadWhenIdle', () => {
  it('waits for the next painted frame, then for an idle moment', () => {
    const preload = vi.fn(async () => undefined);
    preloadWhenIdle({ preload });
    // No idle moment is asked for before the frame.
    expect(idle).toHaveLength(0);
    runAll(frames);
    vi.advanceTimersToNextTimer();
    expect(preload).not.toHaveBeenCalled();
    runAll(idle);
    expect(preload).toHaveBeenCalledOnce();
  });

  it('does nothing once cancelled, before or after the frame', () => {
    const before = vi.fn(async () => undefined);
    preloadWhenIdle({ preload: before })();
    runAll(frames);
    vi.runAllTimers();
    runAll(idle);
    expect(before).not.toHaveBeenCalled();

    const after = vi.fn(async () => undefined);
    const cancel = preloadWhenIdle({ preload: after });
    runAll(frames);
    vi.advanceTimersToNextTimer();
    cancel();
    runAll(idle);
    expect(after).not.toHaveBeenCalled();
  });
});
