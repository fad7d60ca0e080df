/**
 * Scheduling work out of the current task.
 *
 * inNextTask runs `task` in a task of its own where the browser can schedule one
 * (`scheduler.postTask`), so work that many components start in the same effect flush is not one
 * long task; elsewhere (older browsers, test DOMs) at once. Answers the cancel.
 */
type PostTask = (
  task: () => void,
  options: { priority: 'user-visible'; signal: AbortSignal },
) => Promise<void>;

export function inNextTask(task: () => void): () => void {
  const postTask = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler?.postTask;
  if (typeof postTask !== 'function') {
    task();
    return () => {};
  }
  const controller = new AbortController();
  postTask
    .call((globalThis as unknown as { scheduler: unknown }).scheduler, task, {
      priority: 'user-visible',
      signal: controller.signal,
    })
    .catch(() => {}); // aborted: the component is gone
  return () => controller.abort();
}

/** Where no frame comes (a hidden page), the work runs this long after it was asked for. */
export const NO_FRAME_MS = 100;

/**
 * Runs `task` in a task of its own once the next frame has been painted (an animation frame, then
 * a timeout), or `NO_FRAME_MS` later where no frame comes (a hidden page). A screen's reads start
 * in its first render's effects: this way the frame showing the screen is painted before their
 * requests go out, instead of the requests (and their handling) holding the first paint back.
 * Where there are no frames at all (a test DOM without them), as inNextTask. Answers the cancel.
 */
export function afterNextPaint(task: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') return inNextTask(task);
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    task();
  };
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run);
  });
  const fallback = setTimeout(run, NO_FRAME_MS);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(timer);
  };
}
