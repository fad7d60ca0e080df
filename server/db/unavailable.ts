/**
 * The database cannot answer at all (as opposed to refusing a statement): the embedded database's
 * thread ended, or PostgreSQL refuses or dropped the connection. The app answers these with 503 and
 * Retry-After (app.ts error handler), which the client's outbox retries (src/sync/outbox-request.ts
 * classify), instead of a 500 that reads as a bug.
 */

/** Thrown by the embedded database once its thread is gone (db/pglite-thread.ts). */
export class DatabaseUnavailable extends Error {
  override name = 'DatabaseUnavailable';
}

/** Node's socket errors and PostgreSQL's "shutting down / cannot connect now / too many" codes. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown (the server or pg_terminate_backend ended the session)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, or connections not allowed)
  '53300', // too_many_connections
]);

/** Whether an error means "the database is not reachable now", not "this statement is wrong". */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true;
  if (!error || typeof error !== 'object') return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  // node-postgres' own wording for a connection that ended under a query or at connect.
  if (
    typeof message === 'string' &&
    /^Connection terminated|timeout exceeded when trying to connect/.test(message)
  )
    return true;
  // drizzle wraps driver errors ("Failed query: ...") with the original as the cause.
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}
