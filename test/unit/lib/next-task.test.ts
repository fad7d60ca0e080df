/**
 * inNextTask: where the browser can post a task (`scheduler.postTask`), the work runs in a task of
 * its own and a cancel before then drops it; elsewhere it runs at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inNextTask } from '../../../src/lib/next-task';

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
