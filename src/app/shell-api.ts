/**
 * The dashboard shell's calls (spec part 1 §7): identifying the user to the onboarding tool, and
 * keeping the server's tabs, and the bell's older notifications for "See all" (the newest list and
 * marking read belong to the offline core, src/sync/notifications.ts; the export file behind a
 * download notification to widgets/toolbar/export-file.ts).
 */
import { request } from '../api/client';
import type { EndpointPath } from '../api/contracts/endpoints';
import { NotificationsResponse, type Tab } from '../api/contracts/session';
import { IdentifyResponse } from '../api/contracts/shell';
import { peekSession, type Session, setSession } from '../db/session';

/*
 * Literal paths on purpose: the guard (use-guard.ts, in the entry chunk) imports this module, and
 * the endpoint table is in the `core` chunk, which /login loads after its form; importing a path
 * from the table would pull core in before it. `satisfies EndpointPath` checks each literal against
 * the table instead, at no cost at run time.
 */

/** GET /notifications?before=&limit=: the user's notifications older than `before`, newest first. */
export const getNotificationsBefore = (before: number | null, limit: number) =>
  request(NotificationsResponse, '/notifications' satisfies EndpointPath<'GET'>, {
    query: { limit, ...(before === null ? {} : { before }) },
    toast: false,
  });

export const postIdentify = (body: { user_id: number; email: string; name: string }) =>
  request(IdentifyResponse, '/onboarding/identify' satisfies EndpointPath<'POST'>, {
    method: 'POST',
    body,
    quiet: true,
  });

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

/**
 * Keeps the header's tabs as the server's latest settings answer says (the shell reads the
 * settings through the read cache, the same read the pages make, so a screen load asks once).
 */
export async function applyTabs(userId: number, tabs: Tab[]): Promise<void> {
  const session = peekSession();
  // Signed out or someone else by now: these tabs are not theirs.
  if (session.user_id !== userId) return;
  if (JSON.stringify(tabs) !== JSON.stringify(session.tabs)) await setSession({ tabs });
}
