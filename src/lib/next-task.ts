/**
 * Runs `task` in a task of its own where the browser can schedule one (`scheduler.postTask`), so
 * work that many components start in the same effect flush (a screen's reads asking the network)
 * is not one long task; elsewhere (older browsers, test DOMs) at once. Answers the cancel.
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
