/**
 * Runs the navigation guard for the current location and carries out what it decides besides
 * the redirect: the session patch (registration flags) and identifying the user to the
 * onboarding tool, once per session token and page load.
 *
 * `from` is the last location that rendered without a redirect: the dashboard is "entered" when
 * that was outside it (or on the first render).
 */
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type Session, setSession } from '../db/session';
import { afterNextPaint } from '../lib/next-task';
import { afterScreenReads } from '../lib/reads-in-flight';
import { type GuardDecision, guard } from './guard';
import { identifyUser } from './shell-api';

let identifiedToken: string | null = null;

function applyDecision(decision: GuardDecision, session: Session) {
  if (decision.patch) {
    setSession(decision.patch).catch((error: unknown) =>
      console.error('Could not update the session', error),
    );
  }
  if (decision.identify && session.token && identifiedToken !== session.token) {
    identifiedToken = session.token;
    // After the frame showing the screen and the screen's reads: neither waits behind this call.
    afterNextPaint(() => afterScreenReads(() => void identifyUser(session)));
  }
}

export function useGuard(session: Session): GuardDecision {
  const [location] = useLocation();
  const search = useSearch();
  const from = useRef<string | null>(null);
  const decision = guard(session, location, search, from.current);

  useEffect(() => {
    applyDecision(decision, session);
    if (!decision.redirect) from.current = location;
  }, [decision, session, location]);

  return decision;
}
