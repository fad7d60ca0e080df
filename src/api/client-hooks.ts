/**
 * The api client's registration points: what it needs from the device without importing it.
 * api/ is the network and the contracts; who is calling (the session), the device's copy of reads
 * (sync/response-cache.ts) and what the answers say about the connection (sync/connectivity.ts,
 * sync/freshness.ts) are installed from above by sync/api-link.ts, which main.tsx runs at start.
 *
 * - Until something is installed the client still works: anonymous, uncached, unobserved.
 * - Hooks are read when each request is sent, never captured: a replayed request carries the
 *   caller of the moment it is sent.
 * - The link may load after the first screen (main.tsx, on the sign-in page): until it is
 *   installed, a pending link is set, and a request first loads it and waits, so nothing is sent
 *   without the caller, the cache and the observer.
 */

import type { Struct } from 'superstruct';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Query = Record<string, string | number | boolean | undefined>;
export type Body = Record<string, unknown> | unknown[] | FormData | string;

/** Who is calling: the headers to send, the token they carry and the signed-in user. */
export type Caller = { headers: Record<string, string>; token: string | null; userId: number | null };

/** A read as the cache sees it: one user's request. */
export type ReadRequest = { userId: number; method: Method; path: string; query?: Query; body?: Body };
export type StoredAnswer = { data: unknown; storedAt: number };

/** The device's copy of reads, used when the network cannot answer and no worker did. */
export type ReadCache = {
  /** True when this read's answers are kept (not a write, a file or an event stream). */
  keeps(request: ReadRequest): boolean;
  /** Keeps a fresh answer; answers the time it is stored at, null when it could not be kept. Never throws. */
  store(request: ReadRequest, data: unknown): Promise<number | null>;
  /** The kept answer of this read, or null; never throws. */
  read(request: ReadRequest): Promise<StoredAnswer | null>;
  /**
   * The copy of this read stored at `storedAt` checks as `value` against `struct`: a screen reading
   * that copy from the device gets `value` without checking it a second time.
   */
  checked(request: ReadRequest, storedAt: number, struct: Struct<unknown, unknown>, value: unknown): void;
};

/** What answers say about the connection and the age of the data on screen. */
export type NetworkObserver = {
  /** The server answered (whatever the status). */
  answered(): void;
  /** No answer came (offline, DNS, timeout). */
  unanswered(): void;
  /** A fresh answer from the server: the data on screen is current. */
  fresh(): void;
  /** An answer came from the device, stored at `storedAt`. */
  servedFromDevice(storedAt: number): void;
};

const ANONYMOUS: Caller = { headers: {}, token: null, userId: null };
const UNOBSERVED: NetworkObserver = {
  answered: () => undefined,
  unanswered: () => undefined,
  fresh: () => undefined,
  servedFromDevice: () => undefined,
};

export const clientHooks: {
  caller: () => Caller;
  readCache: ReadCache | null;
  network: NetworkObserver;
  /** Loads and installs the link when it is not installed yet, else null. */
  pendingLink: (() => Promise<void>) | null;
} = {
  caller: () => ANONYMOUS,
  readCache: null,
  network: UNOBSERVED,
  pendingLink: null,
};

export function setCaller(caller: () => Caller): void {
  clientHooks.caller = caller;
}

export function setReadCache(cache: ReadCache | null): void {
  clientHooks.readCache = cache;
}

export function setNetworkObserver(observer: NetworkObserver): void {
  clientHooks.network = observer;
}

/** Sets (or clears, with null) what a request waits for before it is sent: the link loading. */
export function setPendingLink(load: (() => Promise<void>) | null): void {
  clientHooks.pendingLink = load;
}
