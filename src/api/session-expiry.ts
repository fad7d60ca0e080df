/**
 * The end of a session the server refused (401/403, spec part 1 §4), as a registration point:
 * the api client (and the sync engine, for the live channel) call `expireSession()`; what it does
 * is installed from above with `onSessionExpired` (app/session-expiry.ts: clear the session,
 * toast, go to /login, clear the user's data, reload), so api/ knows nothing of the session store
 * or the screen.
 *
 * - Callers only expire the session when the refused request carried the token still in use, so
 *   the handler runs once per session, however many requests were refused.
 * - With no handler installed (tests of api/ alone) expiry only logs.
 */

type ExpiryHandler = () => Promise<void> | void;

let handler: ExpiryHandler | null = null;

/** Installs what happens when the session expires. Answers the uninstall. */
export function onSessionExpired(next: ExpiryHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** The server refused the current token: ends the session. */
export async function expireSession(): Promise<void> {
  if (handler) await handler();
  else console.warn('Session expired, and no handler is installed');
}
