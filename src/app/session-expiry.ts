/**
 * What the end of a refused session does (spec part 1 §4), installed as api/session-expiry's
 * handler: clear the session at once, toast 'Session expired', go to /login after 2000 ms, then
 * 500 ms later clear the user's cached data and reload, so nothing of the old session survives in
 * memory.
 *
 * Privacy (db/user-data.ts): every per-user table but the outbox is emptied at once (the sync
 * engine's rule on the session ending) and again here, with every user cache and the user's Web
 * Storage keys (the device's own stay). The outbox survives:
 * its unsent changes replay only when THE SAME user signs back in; a different user signing in has
 * them deleted before anything is shown or sent. `expiryEffects` holds the browser side effects so
 * tests can observe them.
 */
import { navigate } from 'wouter/use-browser-location';
import { EXPIRY_CLEAR_MS, EXPIRY_REDIRECT_MS, SESSION_EXPIRED } from '@/api/error-policy';
import { clearSession } from '@/db/session';
import { deleteUserData } from '@/db/user-data';
import { ROUTES } from '@/lib/routes';
import { toastError } from '@/ui/toast';

export const expiryEffects = {
  navigate: (to: string) => navigate(to, { replace: true }),
  clearStorage: () => deleteUserData({ keepOutbox: true }),
  reload: () => window.location.reload(),
};

export async function endExpiredSession(): Promise<void> {
  toastError(SESSION_EXPIRED.header, SESSION_EXPIRED.body);
  await clearSession();
  setTimeout(() => {
    expiryEffects.navigate(ROUTES.login);
    setTimeout(() => {
      expiryEffects
        .clearStorage()
        .catch((error: unknown) => console.error('Could not clear cached data', error))
        .finally(() => expiryEffects.reload());
    }, EXPIRY_CLEAR_MS);
  }, EXPIRY_REDIRECT_MS);
}
