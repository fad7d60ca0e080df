/**
 * Notices: how code below the UI (api/, sync/) tells the user something (a failed call, an
 * expired session, a live announcement) without importing the UI. main.tsx installs the handler
 * that shows them as toasts (app/install-handlers.ts); a layer that raises a notice never knows how
 * it is shown.
 *
 * - Before a handler is installed (or in a context with no UI, the service worker), notices are
 *   logged, never thrown: telling the user must not break the work that raised it.
 */

export type NoticeKind = 'success' | 'error' | 'info' | 'warning';
export type Notice = { kind: NoticeKind; header: string; body?: string };
export type NoticeHandler = (notice: Notice) => void;

let handler: NoticeHandler | null = null;

/** Installs the one handler (main.tsx, through app/install-handlers.ts). Answers the uninstall. */
export function setNoticeHandler(next: NoticeHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** Tells the user; the installed handler decides how. */
export function notify(notice: Notice): void {
  if (handler) handler(notice);
  else console.info(`[${notice.kind}] ${notice.header}${notice.body ? `: ${notice.body}` : ''}`);
}
