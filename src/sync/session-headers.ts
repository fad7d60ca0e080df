/**
 * Who is calling, as request headers (spec part 1 §7), built from a session at the moment a
 * request is sent: never stored with a queued write, so a replay carries the current token.
 * Shared by the api client, the outbox sender and the live channel (pages and service worker).
 */

import { db } from '../db/db';
import { restoreSession, type Session } from '../db/session';

const utf8Base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

export function sessionHeaders(session: Session): Record<string, string> {
  const headers: Record<string, string> = {};
  if (session.token) headers['X-Auth-Token'] = session.token;
  if (session.user_id !== null) headers['X-User-Id'] = String(session.user_id);
  if (session.impersonate_id !== null) headers['X-Impersonate-Id'] = String(session.impersonate_id);
  if (session['reg-token']) headers.Authorization = `Basic ${utf8Base64(`${session['reg-token']}:`)}`;
  return headers;
}

/** The session as stored (the worker has no in-memory mirror; other tabs may have changed it). */
export async function readStoredSession(): Promise<Session> {
  return restoreSession(await db.session.toArray());
}
