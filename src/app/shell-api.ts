/**
 * The dashboard shell's calls (spec part 1 §7): identifying the user to the onboarding tool, and
 * refreshing the server's tabs. The notification list and marking read belong to the offline core
 * (src/sync/notifications.ts); the export file behind a download notification to widgets/toolbar/export-file.ts.
 */
import { request } from '../api/client';
import { IdentifyResponse } from '../api/contracts/shell';
import { peekSession, type Session, setSession } from '../db/session';
import { getUserSettings } from '../features/auth/auth-api';

export const postIdentify = (body: { user_id: number; email: string; name: string }) =>
  request(IdentifyResponse, '/onboarding/identify', { method: 'POST', body, quiet: true });

/** Identifies the user to the onboarding tool; a failure is only logged (spec part 1 §2). */
export async function identifyUser(session: Pick<Session, 'user_id' | 'user'>): Promise<void> {
  if (session.user_id === null || !session.user) return;
  const name = [session.user.first_name, session.user.last_name].filter(Boolean).join(' ');
  try {
    await postIdentify({ user_id: session.user_id, email: session.user.email, name });
  } catch (error) {
    console.warn('Onboarding identify failed', error);
  }
}

/** Refreshes the server's tabs for the header; keeps the stored ones when the call fails. */
export async function refreshTabs(userId: number): Promise<void> {
  try {
    const settings = await getUserSettings();
    const session = peekSession();
    // Signed out or someone else by now: these tabs are not theirs.
    if (session.user_id !== userId) return;
    if (JSON.stringify(settings.tabs) !== JSON.stringify(session.tabs))
      await setSession({ tabs: settings.tabs });
  } catch (error) {
    console.warn('Could not refresh the tabs', error);
  }
}
