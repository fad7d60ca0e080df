/**
 * Signing out, in the order that survives a reload (or a second tab) at any moment:
 *
 * 1. Tell the server, while the token is still known (best effort: offline it simply fails).
 * 2. Delete the stored session. From here a reload lands on /login: nothing can resurrect it.
 * 3. Clear the in-memory session: the screens, the guard and the sync engine see nobody signed
 *    in (the guard may already redirect; storage no longer says otherwise).
 * 4. Delete the user's data on this device (every per-user table, outbox included, the caches
 *    and every Web Storage key but the device's own: db/user-data.ts deleteUserData).
 * 5. Only then the toast and /login.
 *
 * The old order cleared the in-memory session first and stored it afterwards, so the guard could
 * navigate to /login while the stored session was still there, and a reload in between brought
 * the user back signed in. `signOutSteps` holds each step so a test can watch the order.
 */
import { db } from '@/db/db';
import { clearSession } from '@/db/session';
import { deleteUserData } from '@/db/user-data';
import { endSession } from '@/features/auth/auth-api';
import { dismissPackoutAd } from '@/features/auth/packout-ad';
import { ROUTES } from '@/lib/routes';
import { toastSuccess } from '@/ui/toast';

const SIGNED_OUT = 'Logout Successful';

export const signOutSteps = {
  endServerSession: async () => {
    await endSession().catch(() => undefined);
  },
  forgetStoredSession: () => db.session.clear(),
  forgetSession: async () => {
    dismissPackoutAd();
    await clearSession();
  },
  deleteUserData: () =>
    deleteUserData().catch((error: unknown) => console.error('Could not clear cached data', error)),
};

/** Signs out and leaves for /login; `navigate` is the router's. */
export async function signOutAndLeave(navigate: (to: string) => void): Promise<void> {
  await signOutSteps.endServerSession();
  await signOutSteps.forgetStoredSession();
  await signOutSteps.forgetSession();
  await signOutSteps.deleteUserData();
  toastSuccess(SIGNED_OUT);
  navigate(ROUTES.login);
}
