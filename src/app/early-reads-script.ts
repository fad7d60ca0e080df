/**
 * The start of a signed-in reload's first reads, inlined into index.html's head by vite.config.ts
 * (`inlineEarlyReads`): it runs as the HTML arrives and asks the network for the screen's first
 * reads while the page's scripts download; the api client takes the answers (api/early-reads.ts).
 *
 * Without it a screen's reads wait for its scripts: the entry, the offline core (Dexie) and the
 * session read, then a round trip (issue 26: on a phone the profile's first content came 2.8 s
 * into a cold load, a round trip after its scripts had run).
 *
 * - Where: the screens whose first frame shows their reads (lib/screen-read-keys.ts
 *   EARLY_READ_PATHS: the profile). Which reads: the GETs the screen made by itself on its last
 *   visit on this device (noted by sync/screen-reads.ts), at most MAX_EARLY, in the order the
 *   screen asked for them. A first visit has none: its screen asks as before.
 * - Whose: the session as stored (the `session` table of the device database, read with plain
 *   IndexedDB, since Dexie is not loaded yet), sent as sync/session-headers.ts sends it. No session
 *   hint, a registration under way, no database (it is never created here) or anything malformed:
 *   nothing is sent and the page loads as before.
 * - Bundled on its own (no chunk of the app): only lib/ modules. The server's Content-Security-
 *   Policy allows it by its hash (server/lib/inline-scripts.ts); refused, the page loses nothing
 *   but the head start. It never throws.
 */
import { EARLY_READS, type EarlyRead } from '../api/early-reads';
import { readDeviceItem } from '../lib/device-storage';
import { EARLY_READ_PATHS, earlyReadUrls } from '../lib/screen-read-keys';

/** The device database (db/app-db.ts) and its table of session fields, one row per field. */
export const DEVICE_DB = 'customer-portal';
const SESSION_TABLE = 'session';
/** The most reads sent early: a screen's first reads, not every section below it. */
export const MAX_EARLY = 3;

type Caller = { token: string; userId: number; impersonateId: number | null };

/** The caller of a stored session's rows, or null (none, malformed, or a registration under way). */
export function callerOf(rows: readonly unknown[]): Caller | null {
  const stored = new Map<unknown, unknown>();
  for (const row of rows) {
    if (row && typeof row === 'object' && 'key' in row && 'value' in row) stored.set(row.key, row.value);
  }
  const token = stored.get('token');
  const userId = stored.get('user_id');
  const impersonateId = stored.get('impersonate_id') ?? null;
  if (typeof token !== 'string' || token === '' || !Number.isInteger(userId)) return null;
  if ((stored.get('reg-token') ?? null) !== null) return null;
  if (impersonateId !== null && !Number.isInteger(impersonateId)) return null;
  return { token, userId: userId as number, impersonateId: impersonateId as number | null };
}

/** The request headers of a caller, as the api client sends them. */
export const callerHeaders = (caller: Caller): Record<string, string> => ({
  Accept: 'application/json',
  'X-Auth-Token': caller.token,
  'X-User-Id': String(caller.userId),
  ...(caller.impersonateId === null ? {} : { 'X-Impersonate-Id': String(caller.impersonateId) }),
});

/** The stored session's rows; [] when the database is not there (it is not created) or unreadable. */
function readSessionRows(): Promise<unknown[]> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DEVICE_DB);
    } catch {
      resolve([]);
      return;
    }
    // No such database: left uncreated for Dexie, which creates it with its schema.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve([]);
    request.onblocked = () => resolve([]);
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close();
      try {
        const rows = db.transaction(SESSION_TABLE, 'readonly').objectStore(SESSION_TABLE).getAll();
        rows.onsuccess = () => resolve(rows.result);
        rows.onerror = () => resolve([]);
      } catch {
        resolve([]);
      } finally {
        db.close();
      }
    };
  });
}

/** Sends this path's early reads and leaves them for the api client (never throws, never waits on them). */
export async function startEarlyReads(): Promise<void> {
  try {
    const path = location.pathname;
    if (!EARLY_READ_PATHS.has(path) || readDeviceItem('portal:session') === null) return;
    const caller = callerOf(await readSessionRows());
    if (!caller) return;
    const headers = callerHeaders(caller);
    const reads: EarlyRead[] = earlyReadUrls(caller.userId, path)
      .slice(0, MAX_EARLY)
      .map((url) => ({ url, headers, started: Date.now(), response: fetch(url, { headers }), taken: false }));
    // One nobody takes (the screen changed) answers or fails unseen, never as an unhandled rejection.
    for (const read of reads) read.response.catch(() => undefined);
    (globalThis as Record<string, unknown>)[EARLY_READS] = reads;
  } catch {
    // Storage or fetch refused: the page asks for its reads itself.
  }
}
