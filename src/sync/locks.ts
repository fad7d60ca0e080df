/**
 * Named exclusive locks across tabs and the service worker (Web Locks), with an in-memory fallback
 * where the API is missing (old browsers, tests): then the lock only spans this context.
 */
type LockManagerLike = {
  request<T>(name: string, options: { signal?: AbortSignal }, run: () => Promise<T>): Promise<T>;
};

const chains = new Map<string, Promise<unknown>>();

function lockManager(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

/** Runs `run` while holding `name`; waits for the holder to finish first. */
export async function withLock<T>(name: string, run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const manager = lockManager();
  if (manager) return manager.request(name, signal ? { signal } : {}, run);
  const previous = chains.get(name) ?? Promise.resolve();
  const next = previous
    .catch(() => undefined)
    .then(() => {
      if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      return run();
    });
  chains.set(name, next);
  try {
    return await next;
  } finally {
    if (chains.get(name) === next) chains.delete(name);
  }
}
