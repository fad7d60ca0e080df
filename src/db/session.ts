/**
 * The session store (spec part 1 §3): who is signed in, kept in the `session` table, one row per
 * field, with an in-memory mirror.
 *
 * - The mirror is what the api client reads, synchronously, to build headers at send time, and
 *   what the UI renders (use-session.ts). setSession/clearSession change it at once, then persist.
 * - Other tabs' changes arrive through a Dexie live query while anyone is subscribed; emissions are
 *   ignored while this tab has a write in flight, so a stale read never undoes a fresh sign-in.
 * - Storage is never trusted: every field is validated on the way in and out, and anything
 *   malformed is replaced by its default (a token without a user id is no session at all).
 * - The database is loaded on first use (load-db.ts): the sign-in page of a device without a
 *   session renders with this store and no Dexie; the watch of other tabs starts once it is here.
 */

import type { liveQuery, Subscription } from 'dexie';
import {
  array,
  boolean,
  type Infer,
  integer,
  is,
  nullable,
  record,
  refine,
  type Struct,
  string,
  unknown,
} from 'superstruct';
import { BusinessProfile, SessionUser, Tab } from '../api/contracts/session';
import { canStore, readDeviceItem, writeDeviceItem } from '../lib/device-storage';
import { REGISTRATION_FLAGS } from '../lib/registration-flags';
import type { AppDb, SessionRow } from './app-db';
import { loadDb, onDbLoaded } from './load-db';

const nonEmpty = refine(string(), 'NonEmpty', (value) => value.length > 0);

/** Each stored field with its shape. Key names are the spec's (hyphens included). */
const fields = {
  token: nullable(nonEmpty),
  user_id: nullable(integer()),
  user: nullable(SessionUser),
  business_profile: nullable(BusinessProfile),
  impersonate_id: nullable(integer()),
  tabs: array(Tab),
  'reg-token': nullable(nonEmpty),
  'account-reg-info': nullable(record(string(), unknown())),
  'reg-org': nullable(record(string(), unknown())),
  ms_id: nullable(nonEmpty),
  'custom-signup': boolean(),
  'edit-step-2': boolean(),
  'add-account': boolean(),
};

type Fields = typeof fields;
export type SessionKey = keyof Fields;
export type Session = { [K in SessionKey]: Infer<Fields[K]> };

const SESSION_KEYS = Object.keys(fields) as SessionKey[];

export function emptySession(): Session {
  return {
    token: null,
    user_id: null,
    user: null,
    business_profile: null,
    impersonate_id: null,
    tabs: [],
    ...REGISTRATION_FLAGS,
  };
}

/** Rebuilds a session from stored rows: unknown keys dropped, malformed values defaulted. */
export function restoreSession(rows: readonly SessionRow[]): Session {
  const session = emptySession();
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const target = session as Record<SessionKey, unknown>;
  for (const key of SESSION_KEYS) {
    const value = stored.get(key);
    if (value !== undefined && is(value, fields[key] as Struct<unknown>)) target[key] = value;
  }
  if (session.token === null || session.user_id === null) {
    session.token = null;
    session.user_id = null;
    session.user = null;
    session.impersonate_id = null;
  }
  return session;
}

let mirror: Session = emptySession();
let pendingWrites = 0;
/** Local writes begun so far: a live read begun before the latest one may be stale (watch). */
let writesStarted = 0;
const listeners = new Set<() => void>();
/** The live query over the session table while anyone listens (or the cancel of its start). */
let watcher: Pick<Subscription, 'unsubscribe'> | null = null;

const sameSession = (a: Session, b: Session) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A synchronous hint (a device key of lib/device-storage.ts) that this device may hold a session:
 * set whenever the session is anything but empty (signed in, or a registration under way), removed
 * when it is emptied. With no hint, the sign-in page renders without waiting for IndexedDB
 * (main.tsx); the stored session, read meanwhile, still wins if there is one (the guard then moves
 * on from /login). The service worker, which shares this module, has no Web Storage: it neither
 * writes the hint nor trusts its absence.
 */
const SESSION_HINT = 'portal:session';

function writeHint(session: Session) {
  if (!canStore()) return;
  if (sameSession(session, emptySession())) writeDeviceItem(SESSION_HINT, null);
  else if (readDeviceItem(SESSION_HINT) === null) writeDeviceItem(SESSION_HINT, '1');
}

/** False only when this device surely holds no session (see SESSION_HINT). */
export function mayHaveSession(): boolean {
  return !canStore() || readDeviceItem(SESSION_HINT) !== null;
}

function publish(next: Session) {
  mirror = next;
  writeHint(next);
  for (const listener of listeners) listener();
}

/** The current session, synchronously (the in-memory mirror). */
export function peekSession(): Session {
  return mirror;
}

/** Reads the session from storage, refreshes the mirror and answers it. Call once at start-up. */
export async function getSession(): Promise<Session> {
  const db = await loadDb();
  const restored = restoreSession(await db.session.toArray());
  if (pendingWrites === 0 && !sameSession(restored, mirror)) publish(restored);
  else writeHint(mirror);
  return mirror;
}

async function persist(write: (db: AppDb) => Promise<unknown>) {
  pendingWrites += 1;
  writesStarted += 1;
  try {
    await write(await loadDb());
  } catch (error) {
    // The mirror still holds the session, so this tab keeps working; it is simply not remembered
    // after a reload (private mode, quota exceeded).
    console.error('Could not store the session', error);
  } finally {
    pendingWrites -= 1;
  }
}

/** Changes some fields. Values are checked against their shapes: a bad value throws, unstored. */
export async function setSession(patch: Partial<Session>): Promise<void> {
  const entries = Object.entries(patch).filter(([key]) => key in fields) as [SessionKey, unknown][];
  for (const [key, value] of entries) {
    if (!is(value, fields[key] as Struct<unknown>)) throw new TypeError(`Invalid session value for ${key}`);
  }
  publish({ ...mirror, ...patch });
  await persist((db) => db.session.bulkPut(entries.map(([key, value]) => ({ key, value }))));
}

/** Forgets everything: signed out, registration flags gone. */
export async function clearSession(): Promise<void> {
  publish(emptySession());
  await persist((db) => db.session.clear());
}

/**
 * Follows the session table with a live query: other tabs' changes come into the mirror. A read
 * that began before this tab's latest write began is not taken: it can arrive after that write is
 * stored, holding what the table was before it (a sign-out just before a sign-in would sign the
 * tab out again); the write's own commit runs the query again.
 */
function watch(db: AppDb, query: typeof liveQuery): Subscription {
  return query(() => {
    const after = writesStarted;
    return db.session.toArray().then((rows) => ({ rows, after }));
  }).subscribe({
    next: ({ rows, after }) => {
      if (pendingWrites > 0 || after !== writesStarted) return;
      const next = restoreSession(rows);
      if (!sameSession(next, mirror)) publish(next);
    },
    error: (error) => console.error('Session watch failed', error),
  });
}

/**
 * Subscribes to session changes (for useSyncExternalStore). While anyone listens, a live query
 * brings in changes made by other tabs, such as a sign-out; it starts once the database has
 * loaded, without loading it.
 */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  if (!watcher) {
    let live: Subscription | null = null;
    let stopped = false;
    const cancelStart = onDbLoaded((db) => {
      // Dexie is here with the database: this import answers from the loaded module.
      void import('dexie').then((dexie) => {
        if (!stopped) live = watch(db, dexie.liveQuery);
      });
    });
    watcher = {
      unsubscribe: () => {
        stopped = true;
        cancelStart();
        live?.unsubscribe();
      },
    };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && watcher) {
      watcher.unsubscribe();
      watcher = null;
    }
  };
}
