/**
 * Signing out with unsent changes asks first: signing out deletes this device's copy of the
 * user's data, outbox included, so waiting writes would be lost.
 */
import { db } from '../db/db';
import { peekSession } from '../db/session';

export const SIGN_OUT_WARNING = (count: number) =>
  `You have ${count} change${count === 1 ? '' : 's'} waiting to sync. If you sign out now, ${count === 1 ? 'it' : 'they'} will be lost. Sign out anyway?`;

/** How many writes of the signed-in user have not reached the server (failed ones included). */
export async function unsentCount(): Promise<number> {
  const userId = peekSession().user_id;
  if (userId === null) return 0;
  return db.outbox.where('user_id').equals(userId).count();
}

/**
 * Resolves true when signing out may go ahead: nothing waits, or the user confirmed.
 * `confirm` defaults to the browser's dialog; pass your own (a modal) to match the app.
 */
export async function confirmSignOutIfPending(
  confirm: (message: string) => boolean | Promise<boolean> = (message) => window.confirm(message),
): Promise<boolean> {
  const count = await unsentCount();
  if (count === 0) return true;
  return confirm(SIGN_OUT_WARNING(count));
}
