/**
 * One server per embedded database (server/db/data-dir-lock.ts): a second start on the same
 * DATA_DIR exits with a message saying why and what to do; a lock left by a killed server is
 * taken over, also while the killed server is a zombie not yet reaped or when its pid now belongs
 * to another process (issue 47, item 5); PostgreSQL takes no lock, so instances on it may share a
 * DATA_DIR.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { DataDirLocked, lockDataDir } from '../../server/db/data-dir-lock';
import { withDatabase } from './constants';

const root = resolve(import.meta.dirname, '../..');
const dirs: string[] = [];

function scratch(): string {
  const dir = join(inject('pgliteTemplate'), '..', `lock-${randomUUID().slice(0, 8)}`);
  mkdirSync(dir, { recursive: true });
  dirs.push(dir);
  return dir;
}

/** A pid that no process has any more: a child's, after it exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

/** State and start time (clock ticks since boot) of a pid, from /proc (proc(5) fields 3 and 22). */
function procStat(pid: number): { state: string; start: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], start: fields[19] };
  } catch {
    return null;
  }
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('is held once, refuses a second holder with what to do, and is free again after release', () => {
    const dir = join(scratch(), 'pglite');
    const release = lockDataDir(dir);
    const owner = JSON.parse(readFileSync(`${dir}.lock`, 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid });
    let refused: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirLocked);
    const message = (refused as Error).message;
    expect(message).toContain(`The embedded database in ${dir} is in use by process ${process.pid}`);
    expect(message).toContain('give this one its own DATA_DIR');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain(`delete ${dir}.lock`);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over a stale lock (its process is gone, or it is an unreadable leftover)', () => {
    const dir = join(scratch(), 'pglite');
    const pid = deadPid();
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid, host: hostname(), since: 'x' }));
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    release();
    writeFileSync(`${dir}.lock`, '');
    lockDataDir(dir)();
  });

  it('takes over a lock whose pid is a zombie: killed, not yet reaped (a restart right after kill -9)', async () => {
    // The shell runs `sleep 1` in the background and becomes `sleep 60` without waiting for it: the
    // finished `sleep 1` stays a zombie, as a killed server does until its supervisor reaps it. (A
    // child that ended before the exec could be reaped by the shell itself, as on a loaded machine.)
    const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 60'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const zombie = await new Promise<number>((done) =>
        parent.stdout?.once('data', (d) => done(Number(String(d)))),
      );
      await expect.poll(() => procStat(zombie)?.state, { timeout: 15_000 }).toBe('Z');
      const dir = join(scratch(), 'pglite');
      // The lock as that server wrote it, with its own start time.
      const start = procStat(zombie)?.start;
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: zombie, host: hostname(), since: 'x', start }));
      const release = lockDataDir(dir);
      expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
      release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('takes over a lock whose pid is now another process, and keeps one whose server still runs', async () => {
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const pid = other.pid as number;
      await expect.poll(() => procStat(pid)?.start).toBeTruthy();
      const dir = join(scratch(), 'pglite');
      // The pid was reused: its start time is not the one the lock recorded.
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid, host: hostname(), since: 'x', start: '1' }));
      lockDataDir(dir)();
      // A lock from before start times were recorded: `sleep` is not a server.
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid, host: hostname(), since: 'x' }));
      lockDataDir(dir)();
      // The process that wrote the lock, still running: held.
      const serverPid = server.pid as number;
      await expect.poll(() => procStat(serverPid)?.start).toBeTruthy();
      const start = procStat(serverPid)?.start;
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: serverPid, host: hostname(), since: 'x', start }));
      expect(() => lockDataDir(dir)).toThrow(DataDirLocked);
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: serverPid, host: hostname(), since: 'x' }));
      expect(() => lockDataDir(dir)).toThrow(DataDirLocked);
    } finally {
      other.kill('SIGKILL');
      server.kill('SIGKILL');
    }
  });

  it("counts a lock from another host as held (a shared volume: its pid can't be checked)", () => {
    const dir = join(scratch(), 'pglite');
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: deadPid(), host: 'elsewhere.example', since: 'x' }));
    expect(() => lockDataDir(dir)).toThrow(/in use by process \d+ on elsewhere\.example/);
  });

  it('openDb holds the lock of a PGlite directory until close; PostgreSQL takes none', async () => {
    // A copy of the seeded template: opening one takes about a second, a new one many.
    const dir = join(scratch(), 'pglite');
    cpSync(join(inject('pgliteTemplate'), 'pglite'), dir, { recursive: true });
    const handle = await openDb({ dataDir: dir, migrate: false });
    try {
      await expect(openDb({ dataDir: dir, migrate: false })).rejects.toBeInstanceOf(DataDirLocked);
    } finally {
      await handle.close();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const url = process.env.DATABASE_URL;
    if (!url) return;
    // No query is sent (migrate: false), so the template database is never connected to.
    const shared = join(scratch(), 'pglite');
    const options = { databaseUrl: withDatabase(url, inject('pgTemplate') as string), dataDir: shared };
    const [a, b] = [
      await openDb({ ...options, migrate: false }),
      await openDb({ ...options, migrate: false }),
    ];
    expect(existsSync(`${shared}.lock`)).toBe(false);
    await Promise.all([a.close(), b.close()]);
  });
});

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

type Started = { proc: ChildProcess; output: () => string; exited: Promise<number | null> };

function startMain(dataDir: string, port: number): Started {
  const proc = spawn(process.execPath, [inject('serverEntry')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  proc.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((done) => proc.once('exit', (code) => done(code)));
  return { proc, output: () => output, exited };
}

async function listening(server: Started, port: number) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.proc.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/notifications`).catch(() => null);
    if (res?.status === 401) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not start: ${server.output()}`);
}

describe('a server on a DATA_DIR in use', () => {
  it('exits with the reason; after its holder was killed, the next start takes the lock', async () => {
    const dataDir = scratch();
    const dbDir = join(dataDir, 'pglite');
    cpSync(join(inject('pgliteTemplate'), 'pglite'), dbDir, { recursive: true });
    const port = await freePort();
    // The holder is this process (as a running server would be): its pid is alive.
    const release = lockDataDir(dbDir);
    const refused = startMain(dataDir, port);
    try {
      expect(await refused.exited).toBe(2);
    } finally {
      release();
    }
    expect(refused.output()).toContain(
      `Configuration error: The embedded database in ${dbDir} is in use by process ${process.pid}`,
    );
    expect(refused.output()).not.toMatch(/\n\s+at /);

    // What a SIGKILLed server leaves: its lock, naming a pid that is gone.
    writeFileSync(`${dbDir}.lock`, JSON.stringify({ pid: deadPid(), host: hostname(), since: 'earlier' }));
    const server = startMain(dataDir, port);
    try {
      await listening(server, port);
      expect(JSON.parse(readFileSync(`${dbDir}.lock`, 'utf8')).pid).toBe(server.proc.pid);
    } finally {
      server.proc.kill('SIGTERM');
      await server.exited;
    }
    // A clean stop releases it.
    expect(existsSync(`${dbDir}.lock`)).toBe(false);
    // Two server starts, on a machine that may be busy.
  }, 300_000);
});
