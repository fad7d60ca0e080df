/**
 * One process per embedded database. PGlite has no lock of its own: two servers started on the
 * same DATA_DIR would both write its files and corrupt it. openDb takes this lock before it opens
 * PGlite and releases it on close; PostgreSQL (DATABASE_URL) needs none and takes none.
 *
 * - The lock is a file beside the database directory (`<dir>.lock`, outside it, so a copy of the
 *   directory never carries a lock along) holding the owner's pid, host and start time. It is
 *   created with O_EXCL: of two starts at once, exactly one gets it.
 * - A lock is stale when its process is gone: same host and no such pid (a crash, a SIGKILL), or
 *   our own pid without this process holding it (a restarted container, where every server is pid
 *   1). A stale lock is moved aside and taken; if what was moved turns out to be a fresh lock
 *   another start took meanwhile, it is put back and this start refuses.
 * - A lock from another host (a shared volume) cannot be checked, so it counts as held; the error
 *   says which file to delete when no server runs there.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { ConfigError } from '../config';

/** Another live process holds the database directory. A ConfigError: main.ts prints the message and exits. */
export class DataDirLocked extends ConfigError {}

type Owner = { pid: number; host: string; since: string };

/** Lock files this process holds, so its own pid in a file it does not hold reads as stale. */
const held = new Set<string>();

const lockPath = (dir: string) => `${dir.replace(/[/\\]+$/, '')}.lock`;

function readOwner(text: string): Owner | null {
  try {
    const owner = JSON.parse(text) as Partial<Owner>;
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return null;
    return { pid: owner.pid, host: owner.host, since: String(owner.since ?? '') };
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(owner: Owner | null, path: string): boolean {
  // Unreadable (a start killed between create and write): nobody can be shown as its owner.
  if (!owner) return true;
  if (owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return !held.has(path);
  return !alive(owner.pid);
}

/** Moves a stale lock aside; false when what it moved was a fresh lock (then put back). */
function breakStale(path: string, seen: string): boolean {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
  const moved = readFileSync(aside, 'utf8');
  if (moved !== seen) {
    try {
      linkSync(aside, path);
    } catch {
      // a third start already holds the path: the moved owner keeps running, this start refuses
    }
    unlinkSync(aside);
    return false;
  }
  unlinkSync(aside);
  return true;
}

function refusal(dir: string, path: string, owner: Owner | null): DataDirLocked {
  const who = owner ? `process ${owner.pid} on ${owner.host}, since ${owner.since}` : 'another process';
  return new DataDirLocked(
    `The embedded database in ${dir} is in use by ${who}. PGlite serves one server only: stop that ` +
      'one first, or give this one its own DATA_DIR. To run several instances, use PostgreSQL ' +
      `(DATABASE_URL; README "When one machine is not enough"). If no server is running there, delete ${path}.`,
  );
}

/** Takes the lock of a PGlite directory or throws DataDirLocked; answers the release function. */
export function lockDataDir(dir: string): () => void {
  const path = lockPath(dir);
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(path, mine, { flag: 'wx', mode: 0o644 });
      held.add(path);
      return () => {
        if (!held.delete(path)) return;
        try {
          if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let seen: string;
    try {
      seen = readFileSync(path, 'utf8');
    } catch {
      continue; // released between our create and our read: try again
    }
    const owner = readOwner(seen);
    if (!isStale(owner, path) || !breakStale(path, seen)) throw refusal(dir, path, owner);
  }
  throw refusal(dir, path, null);
}
