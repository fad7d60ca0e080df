/**
 * The worker thread that owns PGlite (db/pglite-thread.ts starts it and speaks for it).
 *
 * Messages in: {id, op} with op query | exec | begin | end | close; out: {id, result} or
 * {id, error} (the error's message and its plain fields: code, detail, constraint...), and once
 * {ready} when the database is open.
 * - A transaction is PGlite's own `transaction()`, held open between `begin` (answers its number)
 *   and `end` (commit, or roll back by throwing inside it): PGlite runs nothing else meanwhile, as
 *   in the main thread. Statements of a transaction name it; any other waits for PGlite's lock.
 * - Type parsers are functions and cannot cross threads: a query names the type oids to leave as
 *   text (drizzle's own parsers: timestamps, dates, intervals), every other type is parsed here.
 * - The database serves with the settings of db/pglite-settings.ts (a small buffer pool), as the
 *   main-thread PGlite does.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { servingOptions } from './pglite-settings';

export type Request =
  | {
      id: number;
      op: 'query';
      sql: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      text?: number[];
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export type WorkerError = { message: string; fields: Record<string, string | number | boolean | null> };

class RolledBack extends Error {}

const port = parentPort;
if (!port) throw new Error('db/pglite-worker.ts runs as a worker thread');
const { dataDir, loadDataDir } = workerData as { dataDir?: string; loadDataDir?: Blob };
const db = new PGlite(dataDir, servingOptions(loadDataDir));
const open = new Map<number, { tx: Transaction; decide: (commit: boolean) => void; done: Promise<void> }>();
let lastTx = 0;
const asText = (value: string) => value;

function target(tx: number | undefined) {
  if (tx === undefined) return db;
  const entry = open.get(tx);
  if (!entry) throw new Error(`transaction ${tx} is not open`);
  return entry.tx;
}

/** Opens a transaction and answers its number once PGlite is inside it. */
function begin(): Promise<number> {
  const id = ++lastTx;
  return new Promise((started, failed) => {
    let decide: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((resolve) => {
      decide = resolve;
    });
    const done = db
      .transaction(async (tx) => {
        open.set(id, { tx, decide, done });
        started(id);
        if (!(await decided)) throw new RolledBack();
      })
      .then(
        () => {},
        (error) => {
          if (!(error instanceof RolledBack)) throw error;
        },
      );
    done.catch(failed);
  });
}

async function end(tx: number, commit: boolean) {
  const entry = open.get(tx);
  if (!entry) throw new Error(`transaction ${tx} is not open`);
  entry.decide(commit);
  try {
    await entry.done;
  } finally {
    open.delete(tx);
  }
}

async function answer(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const parsers = request.text && Object.fromEntries(request.text.map((oid) => [oid, asText]));
      const result = await target(request.tx).query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers,
      });
      // Field descriptions are left here: nothing reads them, and copying them costs per query.
      return { rows: result.rows, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await target(request.tx).exec(request.sql);
      return results.map((result) => ({ rows: result.rows, affectedRows: result.affectedRows }));
    }
    case 'begin':
      return begin();
    case 'end':
      return end(request.tx, request.commit);
    case 'close':
      return db.close();
  }
}

function describe(error: unknown): WorkerError {
  const fields: WorkerError['fields'] = {};
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  return { message: error instanceof Error ? error.message : String(error), fields };
}

await db.waitReady;
port.on('message', (request: Request) => {
  answer(request).then(
    (result) => {
      port.postMessage({ id: request.id, result });
      // Closed: the thread ends by itself (db/pglite-thread.ts close() says why it is not killed).
      if (request.op === 'close') port.close();
    },
    (error) => port.postMessage({ id: request.id, error: describe(error) }),
  );
});
port.postMessage({ ready: true });
