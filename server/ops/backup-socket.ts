/**
 * How `npm run backup` reaches a running server: a Unix socket at DATA_DIR/backup.sock, which
 * answers `GET /backup` with the backup file's bytes (ops/backup.ts makes them).
 *
 * Why a socket: PGlite serves one process, so only the running server can copy its database
 * consistently, and a backup is the whole customer database: it must not be reachable from the
 * network at all. The socket is a file in DATA_DIR with mode 0600, so only who can already read
 * the database files (the server's user, root) can ask; it is never on the HTTP port.
 *
 * - Opened only by the process that holds the embedded database under DATA_DIR (the lock file of
 *   db/data-dir-lock.ts names our pid): never on PostgreSQL, never by a test app on another copy.
 * - One backup at a time (a second asks while one runs: 409). The socket closes with the app.
 * - A socket path is limited to about 100 bytes: a DATA_DIR deeper than that gets no socket and a
 *   warning at start (stop the server and back up, or use a shorter DATA_DIR).
 */
import { readFileSync } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backupRunning, pgliteDirOf } from './backup';

/** Where the running server listens for backups; the CLI connects here. */
export const backupSocketOf = (dataDir: string) => join(dataDir, 'backup.sock');

/** Unix socket paths longer than this do not fit sockaddr_un on Linux or macOS. */
const MAX_SOCKET_PATH = 100;

/** Whether this process holds the embedded database of `dataDir` (db/data-dir-lock.ts's file). */
function holdsDatabase(dataDir: string): boolean {
  try {
    const owner = JSON.parse(readFileSync(`${pgliteDirOf(dataDir)}.lock`, 'utf8')) as { pid?: unknown };
    return owner.pid === process.pid;
  } catch {
    return false;
  }
}

export const backupSocketPlugin = fp(
  async (app: FastifyInstance) => {
    const { dataDir } = app.config;
    if (app.dbHandle.kind !== 'pglite' || process.platform === 'win32') return;
    const path = backupSocketOf(dataDir);
    let server: Server | null = null;
    let running = false;

    app.addHook('onReady', async () => {
      if (!holdsDatabase(dataDir)) return;
      if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
        app.log.warn(
          { path },
          'DATA_DIR is too deep for the backup socket: npm run backup needs the server stopped',
        );
        return;
      }
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url !== '/backup') {
          response.writeHead(404).end('GET /backup\n');
          return;
        }
        if (running) {
          response.writeHead(409).end('A backup is already running\n');
          return;
        }
        running = true;
        const started = Date.now();
        backupRunning(app.db, dataDir).then(
          (stream) => {
            app.log.info({ ms: Date.now() - started }, 'backup: database copied');
            response.writeHead(200, {
              'content-type': 'application/gzip',
              'x-snapshot-at': new Date().toISOString(),
            });
            stream.pipe(response);
            stream.once('error', (error) => {
              app.log.error({ err: error }, 'backup failed');
              response.destroy(error);
            });
            response.once('close', () => {
              running = false;
              stream.destroy();
            });
          },
          (error: unknown) => {
            running = false;
            app.log.error({ err: error }, 'backup failed');
            response.writeHead(500).end(`Backup failed: ${(error as Error).message}\n`);
          },
        );
      });
      // A socket file left by a server that died: ours now, since we hold the database.
      await rm(path, { force: true });
      const listening = server;
      await new Promise<void>((done, failed) => {
        listening.once('error', failed);
        listening.listen(path, () => done());
      });
      await chmod(path, 0o600);
    });

    app.addHook('onClose', async () => {
      const listening = server;
      if (!listening) return;
      server = null;
      listening.closeAllConnections();
      await new Promise<void>((done) => listening.close(() => done()));
      await rm(path, { force: true });
    });
  },
  { name: 'backup-socket', dependencies: ['app-context'] },
);
