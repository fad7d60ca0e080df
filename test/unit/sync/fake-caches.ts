/**
 * An in-memory Cache Storage for unit tests (happy-dom has none): enough of `caches` and `Cache`
 * for the files the prefetcher keeps (open, match, put, delete, keys; CacheStorage keys/delete).
 */
import { vi } from 'vitest';

class FakeCache {
  private entries = new Map<string, Response>();
  async match(request: Request | string) {
    return this.entries.get(urlOf(request))?.clone();
  }
  async put(request: Request | string, response: Response) {
    this.entries.set(urlOf(request), response.clone());
  }
  async delete(request: Request | string) {
    return this.entries.delete(urlOf(request));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

const urlOf = (request: Request | string) => (typeof request === 'string' ? request : request.url);

/** Installs a fresh, empty `caches` global; answers it. */
export function installFakeCaches() {
  const named = new Map<string, FakeCache>();
  const storage = {
    open: async (name: string) => {
      if (!named.has(name)) named.set(name, new FakeCache());
      return named.get(name) as FakeCache;
    },
    keys: async () => [...named.keys()],
    delete: async (name: string) => named.delete(name),
    has: async (name: string) => named.has(name),
  };
  vi.stubGlobal('caches', storage);
  return storage;
}
