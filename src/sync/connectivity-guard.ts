/**
 * Actions that must never be queued (paying, adding a card, sign-in, sign-up, password change):
 * offline they stop before sending, with "You're offline - this needs a connection", and the form
 * keeps what was typed (the caller shows the ApiError under its button, as for any failure).
 *
 * "Offline" is connectivity.ts's one meaning: every connection-only action calls
 * `requireConnection()` rather than reading `navigator.onLine` itself.
 */
import { OFFLINE_MESSAGE } from '@/api/error-policy';
import { ApiError } from '@/api/errors';
import { isOffline } from './connectivity';

export { OFFLINE_MESSAGE };

/** Throws ApiError(0, OFFLINE_MESSAGE) when the app knows it is offline. */
export function requireConnection(): void {
  if (isOffline()) throw new ApiError(0, OFFLINE_MESSAGE);
}
