/**
 * The device's storage for offline use: asking the browser to keep it (persist) and noticing when
 * it is full. Runs in pages and in the service worker (no React, no DOM beyond `navigator`).
 *
 * - A full quota is state, never a crash: writers catch it, call `reportStorageFull()` and carry
 *   on without the copy; the page shows STORAGE_FULL_MESSAGE once per burst.
 */
import { createEmitter } from '../lib/store';

export const STORAGE_FULL_MESSAGE =
  'This device is out of storage space, so some pages and changes cannot be kept for offline use. Free up space, then try again.';

/** True for IndexedDB / Cache Storage quota failures, however Dexie wraps them. */
export function isQuotaError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const { name, inner } = current as { name?: unknown; inner?: unknown };
    if (name === 'QuotaExceededError' || name === 'QuotaExceeded') return true;
    current = inner;
  }
  return false;
}

const storageFull = createEmitter();

/** Tells whoever listens (the page's message, or the worker's clients) that storage is full. */
export function reportStorageFull(): void {
  storageFull.emit();
}

export function onStorageFull(listener: () => void): () => void {
  return storageFull.subscribe(listener);
}

let persistAsked = false;

/**
 * Asks the browser not to evict this origin's data (called after sign-in, once per page). Answers
 * whether storage is persistent; never throws (older browsers lack the API).
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (persistAsked) return false;
  persistAsked = true;
  try {
    // persist() is a window API (absent from the worker's types): typed here as optional.
    const storage = (typeof navigator === 'undefined' ? undefined : navigator.storage) as
      | (StorageManager & { persist?: () => Promise<boolean> })
      | undefined;
    if (!storage?.persist) return false;
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch (error) {
    console.warn('Could not ask for persistent storage', error);
    return false;
  }
}
