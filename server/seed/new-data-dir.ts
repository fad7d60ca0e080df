/**
 * A first start on the embedded database: the new PGlite directory is created, migrated and
 * seeded in a child process of its own (seed/seed-worker.ts), which then exits, so the memory the
 * seed grew goes back to the system before the server opens the finished directory (issue 26: the
 * server at rest after a first start went from about 930 MB, seeding in its own thread, to 440-580
 * MB with a worker thread, whose freed memory the process kept, to what a restart holds).
 *
 * - Only a directory PGlite never initialised counts as new (no PG_VERSION). A directory left
 *   empty by an interrupted first start is seeded in place by seedOnStart, as before.
 * - The directory's lock (db/data-dir-lock.ts) is held from before the child opens it and released
 *   in the same tick as the caller's openDb takes it again.
 * - The child's error is this call's error; the directory then holds no users and is seeded again
 *   at the next start (seedDemo runs in one transaction). Its output is the server's.
 * - From the bundle the child runs `seed-worker.js` (server/build.ts); from source, `seed-worker.ts`
 *   under tsx's loader. This process's Node flags are not passed on.
 */
import { fork } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockDataDir } from '../db/data-dir-lock';
import { bundled, tsxFile } from '../db/pglite-thread';
import type { SeedOptions } from './index';
import type { DemoCustomer } from './types';

export function isNewDataDir(dir: string): boolean {
  return !existsSync(join(dir, 'PG_VERSION'));
}

/** What a new seed process runs: the bundled worker, or the source under tsx's loader. */
function seedProcess(): { file: string; execArgv: string[] } {
  const source = new URL('./seed-worker.ts', import.meta.url);
  const file = fileURLToPath(bundled ? source.href.replace(/\.ts$/, '.js') : source);
  return { file, execArgv: bundled ? [] : ['--import', tsxFile('dist/loader.mjs')] };
}

type Built = { customers: DemoCustomer[] | null; pid: number };

/** The seed, run in a child process: answers its customers and its process id, or its error. */
function seedInChild(dataDir: string, options: SeedOptions): Promise<Built> {
  const { file, execArgv } = seedProcess();
  return new Promise((resolve, reject) => {
    const child = fork(file, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer: { customers: DemoCustomer[] | null } | { error: string } | undefined;
    child.on('message', (message: { customers: DemoCustomer[] | null } | { error: string }) => {
      answer = message;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (answer && 'customers' in answer) resolve({ customers: answer.customers, pid: child.pid ?? 0 });
      else if (answer) reject(new Error(answer.error));
      else
        reject(
          new Error(
            `the seed process ended (${signal ?? `exit code ${code}`}) before the database was built`,
          ),
        );
    });
    child.send({ dataDir, options });
  });
}

/**
 * Builds the demo database in `dir` in a child process, then calls `open` (the caller's openDb)
 * in the same tick as it releases the lock, and answers the customers seeded and the process that
 * built them (`seededBy`) with what `open` did.
 */
export async function seedNewDataDir<T>(
  dir: string,
  options: SeedOptions,
  open: () => Promise<T>,
): Promise<{ customers: DemoCustomer[] | null; seededBy: number; opened: T }> {
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dir);
  let built: Built;
  try {
    built = await seedInChild(dir, options);
  } catch (error) {
    release();
    throw error;
  }
  release();
  return { customers: built.customers, seededBy: built.pid, opened: await open() };
}
