/**
 * What each live message does to the local database (spec part 1 §4 "Invoice or campaign live
 * messages"), in one transaction with the message itself, so a message is applied exactly once:
 * a message id already stored for the user is skipped whole.
 *
 * A registration point, not a switchboard: each area registers the effect of the message types it
 * cares about (registerLiveEffect), naming the tables it writes so they join the transaction. The
 * core itself only stores the message and, for `notification`, the bell's row; invoices,
 * campaigns, reach values and exports register from their own modules at app start (app/install-handlers.ts).
 * Several effects may share a type (a download notification fills the bell AND unblocks exports):
 * they run in registration order. Screens observe the effects' tables with useLiveQuery.
 * An effect may also name the reads a message changed (`refresh`, entries as read-refresh.ts reads
 * them): once the message is stored, the tab holding the live channel fetches them again, and the
 * screens showing them, in every tab, follow their stored rows (useCachedRead).
 * Payloads are untrusted: malformed ones are kept as messages with no effect.
 */
import Dexie, { type Table } from 'dexie';
import { is } from 'superstruct';
import { Notification } from '../api/contracts/session';
import { db } from '../db/db';
import { readUserItem, writeUserItem } from '../lib/device-storage';
import { isObject, type LivePayload, text } from './live-payload';

export type Announcement = { kind: 'success' | 'error'; header: string; body: string };

export type LiveEffect = {
  /** The tables `apply` writes: they join the message's transaction. */
  tables?: readonly Table[];
  /** The message's effect on those tables (inside the transaction: no network, no other tables). */
  apply?: (userId: number, payload: LivePayload, now: number) => Promise<void>;
  /** What the message says to the user as a toast (in every tab), if anything. */
  announce?: (payload: LivePayload) => Announcement | null;
  /** The reads the message changed (read-refresh.ts entries): fetched again once it is stored. */
  refresh?: (payload: LivePayload) => readonly string[];
};

/** The bell's row: the core's own effect (sync/notifications.ts keeps that table). */
const notificationEffect: LiveEffect = {
  tables: [db.notifications],
  apply: async (userId, payload) => {
    const n = payload.notification;
    if (is(n, Notification)) await db.notifications.put({ user_id: userId, ...n });
  },
};

const effects = new Map<string, LiveEffect[]>([['notification', [notificationEffect]]]);

/** Registers an effect for one message_type. Answers unregister() (tests, hot reload). */
export function registerLiveEffect(type: string, effect: LiveEffect): () => void {
  const list = effects.get(type) ?? [];
  effects.set(type, [...list, effect]);
  return () => {
    const current = effects.get(type) ?? [];
    effects.set(
      type,
      current.filter((entry) => entry !== effect),
    );
  };
}

const effectsFor = (payload: unknown) =>
  isObject(payload) ? (effects.get(text(payload.message_type) ?? '') ?? []) : [];

/** What a message says to the user as a toast, if anything (the first effect that answers). */
export function announcementFor(payload: unknown): Announcement | null {
  for (const effect of effectsFor(payload)) {
    const announcement = effect.announce?.(payload as LivePayload);
    if (announcement) return announcement;
  }
  return null;
}

/** The reads a message changed, as its effects name them (read-refresh.ts entries). */
export function refreshesFor(payload: unknown): string[] {
  return effectsFor(payload).flatMap((effect) => effect.refresh?.(payload as LivePayload) ?? []);
}

/** Every table a message can touch: the message log plus each registered effect's tables. */
function liveTables(): Table[] {
  const tables = new Set<Table>([db.liveMessages]);
  for (const list of effects.values())
    for (const effect of list) for (const t of effect.tables ?? []) tables.add(t);
  return [...tables];
}

/** Stores a message and applies its effects, once. Answers false when the id was already stored. */
export async function applyLiveMessage(
  userId: number,
  id: number,
  payload: unknown,
  now = Date.now(),
): Promise<boolean> {
  return db.transaction('rw', liveTables(), async () => {
    if (await db.liveMessages.get([userId, id])) return false;
    const body = isObject(payload) ? payload : {};
    await db.liveMessages.put({
      user_id: userId,
      id,
      message_type: text(body.message_type) ?? 'unknown',
      payload,
      received_at: now,
    });
    for (const effect of effectsFor(body)) await effect.apply?.(userId, body, now);
    return true;
  });
}

const POSITION_ITEM = 'live-position';

/**
 * Where the server said a fresh stream started (its `position` event), kept per user on the
 * device (cleared at sign-out): a device that has stored no message yet still resumes from there.
 */
export function rememberLivePosition(userId: number, id: number): void {
  if (id > livePosition(userId)) writeUserItem(userId, POSITION_ITEM, String(id));
}

function livePosition(userId: number): number {
  const id = Number(readUserItem(userId, POSITION_ITEM) ?? 0);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** The highest message id stored for a user, or the position kept: where a reconnect resumes. */
export async function lastLiveId(userId: number): Promise<number> {
  const last = await userMessages(userId).last();
  return Math.max(last?.id ?? 0, livePosition(userId));
}

const userMessages = (userId: number) =>
  db.liveMessages.where(':id').between([userId, Dexie.minKey], [userId, Dexie.maxKey]);

/** Keeps the newest `keep` messages of a user (the effects stay in their own tables). */
export async function pruneLiveMessages(userId: number, keep = 500): Promise<void> {
  const count = await userMessages(userId).count();
  if (count <= keep) return;
  const old = await userMessages(userId)
    .limit(count - keep)
    .primaryKeys();
  await db.liveMessages.bulkDelete(old);
}
