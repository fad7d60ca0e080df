/**
 * The signed-in session for components. Backed by the session store's mirror rather than a plain
 * useLiveQuery: the mirror changes in the same tick as setSession, so a screen that signs in and
 * navigates is never rendered with the old session (which the guard would bounce to /login).
 * Other tabs' changes still arrive through the store's Dexie live query.
 */
import { useSyncExternalStore } from 'react';
import { peekSession, type Session, subscribeSession } from './session';

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, peekSession);
}
