/**
 * The reactions the lower layers leave to the app, installed once by main.tsx before anything is
 * sent: the api client's link to the device (session headers, read cache, connectivity), notices
 * shown as toasts, and what a refused session does. api/ and sync/ raise; only this module
 * decides how the user is told.
 *
 * Idempotent: installing twice (a test after main) replaces the same handlers.
 */
import { onSessionExpired } from '@/api/session-expiry';
import { setNoticeHandler } from '@/lib/notices';
import { linkApiToDevice } from '@/sync/api-link';
import { showToast } from '@/ui/toast';
import { endExpiredSession } from './session-expiry';

export function installHandlers(): void {
  linkApiToDevice();
  setNoticeHandler((notice) => showToast(notice.kind, notice.header, notice.body));
  onSessionExpired(endExpiredSession);
}
