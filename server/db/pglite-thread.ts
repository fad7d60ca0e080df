/**
 * PGlite off the main thread (issue 17): the database runs in a worker (db/pglite-worker.ts) and
 * this class stands in for it with what drizzle-orm/pglite and our tests call of a PGlite:
 * `query`, `exec`, `transaction` and `close`.
 *
 * Why: PGlite runs each statement synchronously, so in the main thread a long report statement
 * stopped every other request, even one answered from memory, from being read or written; in a
 * worker the main thread keeps serving while the statement runs. Under a year's report and
 * settings loaded together (the bench's "at once"), settings' p99 fell from 300-1,300 ms to
 * 50-300 ms and their throughput rose 2-5 times, in 8 runs each way alternated on a shared 2-core
 * machine; the report alone and settings alone were as fast as in the main thread (within the
 * noise), the report under that mixed load about a fifth slower. PGLITE_WORKER=off runs PGlite in
 * the main thread again.
 *
 * - One statement at a time, in order, as before: PGlite's own lock, in the worker.
 * - A transaction holds PGlite until its callback settles: committed when it resolves, rolled
 *   back when it throws (the error is rethrown); statements inside it go to that transaction.
 * - Errors keep their fields (code, detail, constraint...), so a caller tests `error.code` as
 *   before. Type parsers cannot cross threads: only drizzle's (values left as text) are supported.
 * - A thread that ends without being closed (a WebAssembly trap, out of memory, an exit) is a
 *   database that is gone (issue 52): every statement waiting fails at once, and so does every later
 *   one, with DatabaseUnavailable; `failure` says why and onFailure() listeners (server/main.ts)
 *   hear it once, so the process exits for its supervisor to restart it instead of hanging.
 * - Why a thread and not a child process (issue 52, measured on the 2-core machine shared with
 *   other jobs, so loosely): a `select 1` round trip took 0.17-0.23 ms at the median here and
 *   0.21-1.85 ms over IPC; the thread's process held 375-384 MB, the child 353-790 MB besides a
 *   61 MB parent. A child would survive PGlite's native crashes (V8's use-after-free freeing
 *   WebAssembly code kills every thread of its process; a child's SIGABRT left the parent
 *   running), but a supervisor restarts the whole process about as fast, so the thread stays.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Request, WorkerError } from './pglite-worker';
import { DatabaseUnavailable } from './unavailable';

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string) => unknown> };
type Results<T> = { rows: T[]; affectedRows?: number };
type Reply = { id: number; result?: unknown; error?: WorkerError };
type Call = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** How long a closed database's thread may take to end by itself before it is terminated. */
const CLOSE_WAIT_MS = 5000;

/** A statement or transaction that failed in the worker, with the database error's fields. */
export class PgliteWorkerError extends Error {}

/** Whether this code runs from the server's bundle (dist-server, built by server/build.ts). */
export const bundled = import.meta.url.endsWith('.js');

/** A file of the tsx package (its loaders), as a file URL: what runs the server's source. */
export const tsxFile = (path: string) =>
  pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), path)).href;

/**
 * Source for `new Worker(source, { eval: true })` running the server module `file` (a `.ts` URL
 * beside its caller). From the bundle, the worker's own bundled file (server/build.ts puts each
 * worker beside the chunks as `<name>.js`), with no loader. From source, the worker registers tsx
 * itself: a worker thread inherits no module loader, neither `node --import tsx`'s nor a test
 * runner's. seed/new-data-dir.ts starts its child process from `bundled` and `tsxFile` too.
 */
export function workerSource(file: URL) {
  if (bundled) return `import(${JSON.stringify(file.href.replace(/\.ts$/, '.js'))});`;
  return `import(${JSON.stringify(tsxFile('dist/esm/api/index.mjs'))}).then((api) => { api.register(); return import(${JSON.stringify(file.href)}); });`;
}

export class PgliteThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private lastId = 0;
  private closing = false;
  private stopped: DatabaseUnavailable | null = null;
  private readonly failureListeners = new Set<(error: DatabaseUnavailable) => void>();

  /** Statements sent to the thread and not answered yet (the metrics' PGlite queue). */
  get queueLength(): number {
    return this.waiting.size;
  }

  constructor(dataDir?: string, options?: { loadDataDir?: Blob }) {
    this.worker = new Worker(workerSource(new URL('./pglite-worker.ts', import.meta.url)), {
      eval: true,
      workerData: { dataDir, loadDataDir: options?.loadDataDir },
    });
    this.waitReady = new Promise((ready, failed) => {
      this.worker.once('error', failed);
      this.worker.once('exit', (code) =>
        failed(new DatabaseUnavailable(`the database thread ended (exit code ${code}) while opening`)),
      );
      this.worker.on('message', (message: Reply | { ready: true }) => {
        if ('ready' in message) ready();
        else this.settle(message);
      });
    });
    this.worker.on('error', (error) =>
      this.stop(new DatabaseUnavailable(`the embedded database (PGlite thread) crashed: ${error.message}`)),
    );
    this.worker.on('exit', (code) =>
      this.stop(
        this.closing
          ? new DatabaseUnavailable('the embedded database is closed')
          : new DatabaseUnavailable(
              `the embedded database (PGlite thread) ended unexpectedly (exit code ${code})`,
            ),
      ),
    );
  }

  /** Why the database is gone (null while it serves). */
  get failure(): DatabaseUnavailable | null {
    return this.closing ? null : this.stopped;
  }

  /** Called once if the thread ends or crashes without close() (not after a close). */
  onFailure(listener: (error: DatabaseUnavailable) => void): void {
    if (this.stopped && !this.closing) listener(this.stopped);
    else this.failureListeners.add(listener);
  }

  private stop(reason: DatabaseUnavailable) {
    if (this.stopped) return;
    this.stopped = reason;
    for (const { reject } of this.waiting.values()) reject(reason);
    this.waiting.clear();
    if (this.closing) return;
    for (const listener of this.failureListeners) listener(reason);
    this.failureListeners.clear();
  }

  private settle({ id, result, error }: Reply) {
    const waiter = this.waiting.get(id);
    if (!waiter) return;
    this.waiting.delete(id);
    if (error) waiter.reject(Object.assign(new PgliteWorkerError(error.message), error.fields));
    else waiter.resolve(result);
  }

  private call<T>(request: Call): Promise<T> {
    // A dead thread would never answer: fail at once instead of waiting forever.
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.lastId;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const text = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.call({ op: 'query', sql, params, rowMode: options?.rowMode, text, tx });
  }

  exec(sql: string, _options?: unknown, tx?: number): Promise<Results<unknown>[]> {
    return this.call({ op: 'exec', sql, tx });
  }

  async transaction<T>(callback: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    let result: T;
    try {
      result = await callback(new PgliteThreadTransaction(this, tx));
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  /**
   * Closes the database, then lets the thread end by itself: terminating a thread that holds
   * PGlite's WebAssembly memory once aborted a whole process (glibc "corrupted size vs. prev_size"
   * in the test runner, after a template seed). It is terminated only if it has not ended a few
   * seconds after its database closed, or if closing failed.
   */
  async close() {
    // A thread already gone has nothing left to close.
    if (this.stopped) {
      this.closing = true;
      return;
    }
    this.closing = true;
    const ended = new Promise<boolean>((done) => this.worker.once('exit', () => done(true)));
    try {
      await this.call({ op: 'close' });
    } catch (error) {
      await this.worker.terminate();
      throw error;
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((done) => {
      timer = setTimeout(() => done(false), CLOSE_WAIT_MS);
    });
    const byItself = await Promise.race([ended, late]);
    clearTimeout(timer);
    if (!byItself) await this.worker.terminate();
  }
}

/** The statements of one open transaction (drizzle's transaction session calls these). */
class PgliteThreadTransaction {
  constructor(
    private readonly db: PgliteThread,
    private readonly tx: number,
  ) {}

  query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
    return this.db.query<T>(sql, params, options, this.tx);
  }

  exec(sql: string) {
    return this.db.exec(sql, undefined, this.tx);
  }
}
