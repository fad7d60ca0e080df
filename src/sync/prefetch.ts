/**
 * Lists make their items workable offline (DESIGN "Reads"): once a list has loaded, the reads its
 * items' drawers make are fetched in the background through the same cached-read path the drawers
 * use (requestCached -> the read cache, keyed per user and request), so an item that was listed
 * but never opened still opens offline with its "as of". Files (an unpaid invoice's PDF, a new
 * lead's call recording) go to the user's files cache (prefetch-files.ts).
 *
 *   usePrefetch(useMemo(() => rows.map((row) => prefetchRead(LeadDetailResponse, leadPath(row.lead_id))), [rows]));
 *
 * (items are described with prefetchRead / prefetchFile, prefetch-items.ts)
 *
 * - Never competes with the screen: each item starts in idle time, PREFETCH.concurrency at a time;
 *   a read joins the screen's request in flight for the same key, and the screen joins the
 *   prefetcher's (shared-request.ts, readSignature), so an item is never asked for twice at once.
 * - Only online: nothing starts while isOffline(); going offline, or a request with no answer,
 *   stops the run (queue dropped, requests in flight released). The list asks again once online.
 * - A stored copy younger than PREFETCH.freshForMs is not fetched again (its follow-ups, e.g. a
 *   campaign's tabs, are still checked); a stored recording is never fetched again.
 * - Per user: a run belongs to the user signed in when it started; a change of user (sign-out)
 *   stops it, and a file fetched for someone no longer signed in is not kept.
 * - Budget: at most PREFETCH.maxQueued items wait (the newest list's first); item reads fill the
 *   user's read cache up to PREFETCH.maxStoredReads rows, beyond which the oldest item reads stored
 *   before this run make room (never a screen's own reads, nor a list's: only reads whose path
 *   names an item's id count); files only while the origin uses less
 *   than PREFETCH.maxUsage of its quota, recordings within RECORDINGS.
 */
import { useEffect } from 'react';
import { api, requestCached } from '../api/client';
import { ApiError } from '../api/errors';
import { peekSession, subscribeSession } from '../db/session';
import { useSession } from '../db/use-session';
import { isOffline, subscribeConnectivity, useOffline } from './connectivity';
import { familyOf, makeRoom, PREFETCH, storageRoomy } from './prefetch-budget';
import {
  deleteOtherUsersFiles,
  fileKey,
  pruneFiles,
  RECORDINGS,
  storedFile,
  storeFile,
} from './prefetch-files';
import { itemId, type PrefetchFile, type PrefetchItem, type PrefetchRead, slot } from './prefetch-items';
import { readResponse, requestKey } from './response-cache';
import { readSignature, sharedRequest } from './shared-request';
import { checkStored } from './stored-read';

type Run = {
  userId: number;
  started: number;
  queue: { id: string; item: PrefetchItem }[];
  ids: Set<string>;
  running: number;
  stopped: boolean;
  releases: Set<() => void>;
  controller: AbortController;
  families: Set<string>;
  roomy: Promise<boolean>;
  /** Item reads on the way, room made for them (makeRoom counts them as stored). */
  reserved: number;
  room: Promise<unknown>;
};

let run: Run | null = null;

/** An item's own read: its path names an id (`/campaigns/:id/locations`), unlike a list's. */
const isItemRead = (url: string) => familyOf(url).includes('/:id');
let watching = false;

const whenIdle = (task: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(task, { timeout: 2000 })
    : setTimeout(task, 50);

/** Stops the current run: the queue is dropped and every request in flight released. */
export function stopPrefetch(): void {
  if (!run) return;
  run.stopped = true;
  run.queue = [];
  for (const release of run.releases) release();
  run.releases.clear();
  run.controller.abort();
  run = null;
}

function watch() {
  if (watching) return;
  watching = true;
  subscribeConnectivity(() => {
    if (isOffline()) stopPrefetch();
  });
  subscribeSession(() => {
    if (run && peekSession().user_id !== run.userId) stopPrefetch();
  });
}

/** Queues a list's items for `userId` (the newest list first) and starts working in idle time. */
export function prefetch(userId: number, items: readonly PrefetchItem[]): void {
  if (isOffline() || peekSession().user_id !== userId) return;
  watch();
  if (run?.userId !== userId) {
    stopPrefetch();
    void deleteOtherUsersFiles(userId);
    run = {
      userId,
      started: Date.now(),
      queue: [],
      ids: new Set(),
      running: 0,
      stopped: false,
      releases: new Set(),
      controller: new AbortController(),
      families: new Set(),
      roomy: storageRoomy(),
      reserved: 0,
      room: Promise.resolve(),
    };
  }
  enqueue(run, items, 'front');
  pump(run);
}

function enqueue(current: Run, items: readonly PrefetchItem[], where: 'front' | 'back') {
  const added = items.flatMap((item) => {
    const id = itemId(item);
    if (current.ids.has(id)) return [];
    current.ids.add(id);
    // Only an item's own read (its path names an id) is a kind room is made in: a list kept whole
    // (the unpaid invoices, prefetch-signed-in.ts) shares its path with the screen's own reads of
    // that list, which must never make room for drawers.
    if (item.kind === 'read' && isItemRead(slot(item).url)) current.families.add(familyOf(slot(item).url));
    return [{ id, item }];
  });
  current.queue = where === 'front' ? [...added, ...current.queue] : [...current.queue, ...added];
  for (const dropped of current.queue.splice(PREFETCH.maxQueued)) current.ids.delete(dropped.id);
}

function pump(current: Run) {
  while (!current.stopped && current.running < PREFETCH.concurrency && current.queue.length > 0) {
    const next = current.queue.shift() as Run['queue'][number];
    current.running += 1;
    whenIdle(() => {
      void work(current, next.item)
        .catch((error: unknown) => console.warn('Prefetch failed', error))
        .finally(() => {
          current.ids.delete(next.id);
          current.running -= 1;
          pump(current);
        });
    });
  }
}

const active = (current: Run) => !current.stopped && !isOffline() && peekSession().user_id === current.userId;

async function work(current: Run, item: PrefetchItem): Promise<void> {
  if (!active(current)) return;
  if (item.kind === 'file') return fetchFile(current, item);
  const data = await fetchRead(current, item);
  if (data !== undefined && item.followUps && active(current)) {
    // Follow-ups first: a drawer's tabs and its recording complete the item before the next one.
    enqueue(current, item.followUps(data), 'front');
  }
}

const noAnswer = (error: unknown) => error instanceof ApiError && error.status === 0;

async function fetchRead(current: Run, item: PrefetchRead): Promise<unknown> {
  const { method, url, body } = slot(item);
  const key = requestKey(current.userId, method, url, body);
  const stored = checkStored(item.struct, await readResponse(key));
  if (stored && Date.now() - stored.at < PREFETCH.freshForMs) return stored.data;
  // A list kept whole (no id in its path) is bounded by whoever names it, not by the item budget.
  const counted = isItemRead(url);
  if (!stored && counted && !(await reserveRoom(current))) return undefined;
  const reserved = !stored && counted;
  if (!active(current)) {
    if (reserved) current.reserved -= 1;
    return undefined;
  }
  const shared = sharedRequest(readSignature(current.userId, method, url, body), (signal) =>
    requestCached(item.struct, item.path, {
      method,
      body: item.body,
      query: item.query,
      signal,
      toast: false,
      quiet: true,
      cache: 'network-only',
    }),
  );
  current.releases.add(shared.release);
  try {
    return (await shared.promise).data;
  } catch (error) {
    if (noAnswer(error)) stopPrefetch();
    return undefined;
  } finally {
    if (reserved) current.reserved -= 1;
    current.releases.delete(shared.release);
    shared.release();
  }
}

/** Room for one more item read, counting those on the way (one decision at a time per run). */
function reserveRoom(current: Run): Promise<boolean> {
  const decision = current.room.then(async () => {
    const ok = await makeRoom(current.userId, current.families, current.started, current.reserved);
    if (ok) current.reserved += 1;
    return ok;
  });
  current.room = decision.catch(() => false);
  return decision;
}

async function fetchFile(current: Run, item: PrefetchFile): Promise<void> {
  const now = Date.now();
  if (item.file === 'recording' && now - item.at > RECORDINGS.days * 86_400_000) return;
  if (!(await current.roomy)) return;
  const key = fileKey(item.url);
  const known = await storedFile(current.userId, key);
  if (known && (item.file === 'recording' || now - known.storedAt < PREFETCH.fileFreshForMs)) return;
  let blob: Blob;
  try {
    blob = await api(item.url, { responseType: 'blob', signal: current.controller.signal });
  } catch (error) {
    // No answer at all: the connection is gone (a refusal, 404 or 403, just skips this file).
    if (!(error as { response?: unknown }).response && !current.controller.signal.aborted) stopPrefetch();
    return;
  }
  if (!active(current)) return;
  await storeFile(current.userId, key, blob, { kind: item.file, at: item.at });
  await pruneFiles(current.userId);
}

/** Prefetches `items` for the signed-in user whenever they change and the app is online. */
export function usePrefetch(items: readonly PrefetchItem[] | null): void {
  const { user_id: userId } = useSession();
  const offline = useOffline();
  useEffect(() => {
    if (items && items.length > 0 && userId !== null && !offline) prefetch(userId, items);
  }, [items, userId, offline]);
}
