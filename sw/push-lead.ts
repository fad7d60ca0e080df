/**
 * A new lead's push notification needs the lead's phone number for its "Call back" action, and a
 * push message carries only the notification (contracts/push.ts). The worker reads it from the
 * lead's detail: the one stored on the device if any, else asked from the API with the stored
 * session (a few seconds at most: the notification must not wait long), and then stored, so the
 * lead also opens offline from the notification.
 *
 * Never throws: no number (offline with nothing stored, an error, a lead without a phone) means
 * a notification with "Open" only.
 */
/// <reference lib="webworker" />
import { is } from 'superstruct';
import { endpointPath } from '../src/api/contracts/endpoints';
import { LeadDetailResponse } from '../src/api/contracts/leads';
import type { Session } from '../src/db/session';
import { apiUrl, readResponse, requestKey, storeResponse } from '../src/sync/response-cache';
import { sessionHeaders } from '../src/sync/session-headers';

declare const self: ServiceWorkerGlobalScope;

const LOOKUP_TIMEOUT_MS = 3000;

const phoneOf = (data: unknown) => (is(data, LeadDetailResponse) ? data.lead.phone_number : null);

export async function leadPhone(session: Session, leadId: number): Promise<string | null> {
  const userId = session.user_id;
  if (userId === null) return null;
  const url = apiUrl(endpointPath('GET /leads/:id', { id: leadId }));
  const stored = await readResponse(requestKey(userId, 'GET', url));
  const known = phoneOf(stored?.data);
  if (known) return known;
  try {
    const response = await fetch(new URL(url, self.location.origin), {
      headers: { ...sessionHeaders(session), Accept: 'application/json' },
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const data: unknown = await response.json();
    if (!is(data, LeadDetailResponse)) return null;
    await storeResponse({ userId, method: 'GET', url, data });
    return data.lead.phone_number;
  } catch {
    return null;
  }
}
