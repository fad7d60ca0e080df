/**
 * inNextTask: where the browser can post a task (`scheduler.postTask`), the work runs in a task of
 * its own and a cancel before then drops it; elsewhere it runs at once.
 * afterNextPaint: the work waits for the next frame and runs in a task after it (or after
 * NO_FRAME_MS when no frame comes), once, and not at all when cancelled.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, inNextTask, NO_FRAME_MS } from '../../../src/lib/next-task';

type Posted = { task: () => void; signal: AbortSignal };

function fakeScheduler() {
  const posted: Posted[] = [];
  const postTask = vi.fn((task: () => void, options: { signal: AbortSignal }) => {
    posted.push({ task, signal: options.signal });
    return new Promise<void>((resolve, reject) => {
      options.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      queueMicrotask(resolve);
    });
  });
  vi.stubGlobal('scheduler', { postTask });
  /** Runs what was posted and not aborted, as the browser's next tasks would. */
  const runPosted = () => {
    for (const { task, signal } of posted.splice(0)) if (!signal.aborted) task();
  };
  return { postTask, runPosted };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('inNextTask', () => {
  it('runs the work at once where no task can be posted', () => {
    const work = vi.fn();
    inNextTask(work);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('posts the work as a task of its own, not inside the caller’s', () => {
    const { postTask, runPosted } = fakeScheduler();
    const work = vi.fn();
    inNextTask(work);
    expect(work).not.toHaveBeenCalled();
    expect(postTask).toHaveBeenCalledWith(
      expect.any(Function),
      expect.objectContaining({ priority: 'user-visible' }),
    );
    runPosted();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('drops the work when cancelled before its task runs', async () => {
    const { runPosted } = fakeScheduler();
    const work = vi.fn();
    const cancel = inNextTask(work);
    cancel();
    runPosted();
    await Promise.resolve();
    expect(work).not.toHaveBeenCalled();
  });
});

describe('afterNextPaint', () => {
  /** Animation frames that come only when the test says the browser renders one. */
  function fakeFrames() {
    const frames = new Map<number, FrameRequestCallback>();
    let next = 1;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.set(next, callback);
      return next++;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
    const render = () => {
      const due = [...frames.values()];
      frames.clear();
      for (const callback of due) callback(performance.now());
    };
    return { render };
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the work in a task after the next frame, not before it and not inside it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { render } = fakeFrames();
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(NO_FRAME_MS - 1);
    expect(work).not.toHaveBeenCalled();
    render();
    expect(work).not.toHaveBeenCalled(); // inside the frame: the paint comes first
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(NO_FRAME_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs the work once after NO_FRAME_MS when no frame comes (a hidden page)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { render } = fakeFrames();
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(NO_FRAME_MS);
    expect(work).toHaveBeenCalledTimes(1);
    render();
    vi.advanceTimersByTime(NO_FRAME_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('drops the work when cancelled before the frame or after it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { render } = fakeFrames();
    const early = vi.fn();
    afterNextPaint(early)();
    const late = vi.fn();
    const cancelLate = afterNextPaint(late);
    render();
    cancelLate();
    vi.advanceTimersByTime(NO_FRAME_MS);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
