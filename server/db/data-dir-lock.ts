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
 *   1). Where /proc tells more (Linux), also when the pid is a zombie (killed, not yet reaped by its
 *   parent: a supervisor restarting at once after kill -9) or is no longer the process that wrote
 *   the lock (its start time, recorded in the lock, differs: the pid was reused; a lock without one
 *   is judged by the program's name instead). A stale lock is moved aside and taken; if what was
 *   moved turns out to be a fresh lock another start took meanwhile, it is put back and this start
 *   refuses.
 * - A lock from another host (a shared volume) cannot be checked, so it counts as held; the error
 *   says which file to delete when no server runs there.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { ConfigError } from '../config';

/** Another live process holds the database directory. A ConfigError: main.ts prints the message and exits. */
export class DataDirLocked extends ConfigError {}

/** `start`: the owner's start time in clock ticks since boot (/proc/<pid>/stat), where known. */
type Owner = { pid: number; host: string; since: string; start?: string };

/** Lock files this process holds, so its own pid in a file it does not hold reads as stale. */
const held = new Set<string>();

const lockPath = (dir: string) => `${dir.replace(/[/\\]+$/, '')}.lock`;

function readOwner(text: string): Owner | null {
  try {
    const owner = JSON.parse(text) as Partial<Owner>;
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return null;
    const start = typeof owner.start === 'string' ? { start: owner.start } : {};
    return { pid: owner.pid, host: owner.host, since: String(owner.since ?? ''), ...start };
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

/** The names Node's main thread goes by in /proc (Node 20: `node`; Node 24: `MainThread`). */
const NODE_NAMES = new Set(['node', 'MainThread']);

type ProcInfo = { state: string; start: string; name: string };

/** What /proc says of a pid: null when it has no such process, undefined without a /proc (macOS). */
function procInfo(pid: number | 'self'): ProcInfo | null | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return existsSync('/proc/self/stat') ? null : undefined;
  }
  // `pid (name) state ...`: the name may hold spaces and parentheses, so split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  // fields[0] is field 3 of proc(5), the state; field 22, the start time, is fields[19].
  return { state: fields[0] ?? '', start: fields[19] ?? '', name };
}

function isStale(owner: Owner | null, path: string): boolean {
  // Unreadable (a start killed between create and write): nobody can be shown as its owner.
  if (!owner) return true;
  if (owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return !held.has(path);
  if (!alive(owner.pid)) return true;
  const info = procInfo(owner.pid);
  if (info === undefined) return false; // no /proc: a live pid is all we can know
  if (info === null) return true; // gone since
  // Z: killed, waiting for its parent to reap it; X: being removed. Neither holds files open.
  if (info.state === 'Z' || info.state === 'X') return true;
  if (owner.start !== undefined) return info.start !== owner.start;
  // A lock written before start times were recorded: a process that is not Node is not a server.
  return !NODE_NAMES.has(info.name) && info.name !== procInfo('self')?.name;
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
  const start = procInfo('self')?.start;
  const mine = JSON.stringify({
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    ...(start ? { start } : {}),
  });
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
