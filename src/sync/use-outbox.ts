/**
 * The signed-in user's outbox for the UI: items in send order and what the sync indicator shows
 * (offline / syncing / N failed / N waiting). Reads Dexie through useLiveQuery, so a write queued
 * or delivered in any tab, or by the service worker, shows everywhere.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxItem } from '../db/app-db';
import { useSession } from '../db/use-session';
import { useOffline } from './connectivity';
import { listOutbox } from './outbox';

export type SyncState = 'idle' | 'offline' | 'syncing' | 'failed' | 'waiting';

export type OutboxSummary = {
  items: OutboxItem[];
  waiting: number;
  failed: number;
  syncing: boolean;
  offline: boolean;
  state: SyncState;
};

export function summarize(items: OutboxItem[], offline: boolean): OutboxSummary {
  const failed = items.filter((item) => item.status === 'failed').length;
  const waiting = items.length - failed;
  const syncing = items.some((item) => item.status === 'sending');
  let state: SyncState = 'idle';
  if (offline) state = 'offline';
  else if (syncing) state = 'syncing';
  else if (failed > 0) state = 'failed';
  else if (waiting > 0) state = 'waiting';
  return { items, waiting, failed, syncing, offline, state };
}

const none: OutboxItem[] = [];

/** `loaded`: the device's outbox has been read once (nobody signed in: nothing to read). */
export function useOutbox(): OutboxSummary & { userId: number | null; loaded: boolean } {
  const { user_id: userId } = useSession();
  const offline = useOffline();
  const items = useLiveQuery(() => (userId === null ? none : listOutbox(userId)), [userId], none);
  return { ...summarize(items, offline), userId, loaded: userId === null || items !== none };
}
