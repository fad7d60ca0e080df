/**
 * afterScreenReads: the work waits for the app's first screen, then runs in a task of its own once
 * no screen read is in flight (at once when none is), after the last of several (and after a read
 * started in the task the last answer came in), at the limit when a read hangs, once, and not at
 * all when cancelled; answering a read twice counts once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('../../../src/lib/reads-in-flight');
let afterScreenReads: Module['afterScreenReads'];
let readInFlight: Module['readInFlight'];
let screenShown: Module['screenShown'];
let READS_WAIT_MS: number;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  ({ afterScreenReads, readInFlight, screenShown, READS_WAIT_MS } = await import(
    '../../../src/lib/reads-in-flight'
  ));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('afterScreenReads', () => {
  it('waits for the first screen: the reads its commit counts are waited for too', () => {
    const task = vi.fn();
    afterScreenReads(task);
    vi.advanceTimersByTime(100);
    expect(task).not.toHaveBeenCalled(); // no screen yet, though no read is in flight
    const read = readInFlight();
    screenShown();
    vi.advanceTimersByTime(100);
    expect(task).not.toHaveBeenCalled();
    read();
    vi.advanceTimersByTime(2);
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs at the limit when no screen ever shows', () => {
    const task = vi.fn();
    afterScreenReads(task);
    vi.advanceTimersByTime(READS_WAIT_MS);
    vi.advanceTimersByTime(1); // a timer set while timers fire is due 1 ms on (fake timers)
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs in the next task when no read is in flight', () => {
    screenShown();
    const task = vi.fn();
    afterScreenReads(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledOnce();
  });

  it('waits for the last of the reads in flight, each answered once however often it is called', () => {
    screenShown();
    const first = readInFlight();
    const second = readInFlight();
    const task = vi.fn();
    afterScreenReads(task);
    first();
    first(); // twice: still one read in flight
    vi.advanceTimersByTime(10);
    expect(task).not.toHaveBeenCalled();
    second();
    expect(task).not.toHaveBeenCalled(); // not inside the answer
    vi.advanceTimersByTime(2);
    expect(task).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(READS_WAIT_MS);
    expect(task).toHaveBeenCalledOnce();
  });

  it('keeps waiting for a read started in the task its last answer came in (a list that waited for it)', () => {
    screenShown();
    const settings = readInFlight();
    const task = vi.fn();
    afterScreenReads(task);
    settings();
    const list = readInFlight();
    vi.advanceTimersByTime(10);
    expect(task).not.toHaveBeenCalled();
    list();
    vi.advanceTimersByTime(2);
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs at the limit when a read never answers, and only once when it answers after', () => {
    screenShown();
    const hanging = readInFlight();
    const task = vi.fn();
    afterScreenReads(task, 500);
    vi.advanceTimersByTime(499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(1); // a timer set while timers fire is due 1 ms on (fake timers)
    expect(task).toHaveBeenCalledOnce();
    hanging();
    vi.advanceTimersByTime(READS_WAIT_MS);
    expect(task).toHaveBeenCalledOnce();
  });

  it('does nothing once cancelled, before or after the reads answered', () => {
    screenShown();
    const read = readInFlight();
    const waiting = vi.fn();
    const cancelWaiting = afterScreenReads(waiting);
    cancelWaiting();
    read();
    vi.advanceTimersByTime(READS_WAIT_MS);
    expect(waiting).not.toHaveBeenCalled();

    const due = vi.fn();
    const cancelDue = afterScreenReads(due); // nothing in flight: due in the next task
    cancelDue();
    vi.advanceTimersByTime(0);
    expect(due).not.toHaveBeenCalled();
  });
});
