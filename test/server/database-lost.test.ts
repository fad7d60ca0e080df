/**
 * A database that fails is a process that exits (issue 52, item 2): the real server process on
 * PGlite, with writes in flight, has its database thread end abruptly (fixtures/crash-db-thread.mjs,
 * as a WebAssembly trap or an out-of-memory ends it). Every request then answers at once, 503 or a
 * closed connection, none hangs; the process exits with code 3 saying why; started again on the
 * same DATA_DIR it is ready and holds every write it acknowledged.
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import {
  type Outcome,
  type ServerProcess,
  savedFilterNames,
  saveFilter,
  signInOver,
  startServer,
} from './service-process';

const root = resolve(import.meta.dirname, '../..');
const dataDir = join(root, '.test-data', `db-lost-${process.pid}-${Date.now()}`);
const servers: ServerProcess[] = [];

afterAll(() => {
  for (const server of servers) server.proc.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('exits non-zero when PGlite’s thread dies mid-traffic, and a restart serves every acknowledged write', async () => {
  mkdirSync(dataDir, { recursive: true });
  cpSync(join(inject('pgliteTemplate'), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  const env = { DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist') };
  // info: the request log shows how the requests in flight were answered.
  const first = await startServer(
    { ...env, LOG_LEVEL: 'info' },
    join(root, 'test/server/fixtures/crash-db-thread.mjs'),
  );
  servers.push(first);
  const headers = await signInOver(first, 'owner@demo.test');

  // Four writers, each one write after another, until the server is gone.
  const acknowledged: string[] = [];
  const afterCrash: Outcome[] = [];
  let crashed = false;
  let gone = false;
  void first.exited.then(() => {
    gone = true;
  });
  const writer = async (w: number) => {
    for (let i = 0; !gone; i++) {
      const name = `lost-${w}-${i}`;
      const sentAfterCrash = crashed;
      const outcome = await saveFilter(first, headers, name);
      if (outcome.status === 201) acknowledged.push(name);
      if (sentAfterCrash) afterCrash.push(outcome);
      if (outcome.status === null && gone) break;
    }
  };
  const writers = [0, 1, 2, 3].map(writer);
  while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));
  crashed = true;
  const crashedAt = Date.now();
  first.proc.kill('SIGWINCH');

  // A deadline, not a pause: before issue 52 the process kept running, its requests hanging.
  const code = await Promise.race([
    first.exited,
    new Promise((done) => setTimeout(() => done('still running 30 s after its database ended'), 30_000)),
  ]);
  const exitMs = Date.now() - crashedAt;
  gone = true;
  await Promise.all(writers);
  expect(code, first.output()).toBe(3);
  expect(first.output()).toMatch(/database lost: exiting for a restart/);
  expect(first.output()).toMatch(/ended unexpectedly \(exit code 70\)/);
  // No request waited on the dead database: each answered 503 (or found the server gone) at once.
  expect(exitMs).toBeLessThan(10_000);
  // Sent after the crash: answered (503, or 201 if it committed first) or refused, never left waiting.
  expect(afterCrash.length).toBeGreaterThan(0);
  for (const outcome of afterCrash) {
    expect([201, 503, null]).toContain(outcome.status);
    expect(outcome.ms).toBeLessThan(5000);
  }
  // The requests in flight at the crash were answered 503 (the server's request log).
  expect(first.output()).toMatch(/"statusCode":503/);

  const second = await startServer(env);
  servers.push(second);
  const again = await signInOver(second, 'owner@demo.test');
  const saved = await savedFilterNames(second, again);
  expect(acknowledged.filter((name) => !saved.has(name))).toEqual([]);
  second.proc.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 300_000);
