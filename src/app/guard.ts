/**
 * The navigation guard (spec part 1 §2 "Navigation guard"), as a pure decision over the session,
 * the path and the query (plus the path we come from, to know when the dashboard is *entered*).
 * app.tsx renders the redirect and carries out the session patch and the identify call.
 *
 * Rules, in the spec's order:
 * 1. A registration token, the custom-signup flag or an ms_id without a session token: /login
 *    unless heading to /login or /signup.
 * 2. The add-account flag flags step-2 editing.
 * 3. No session token: everything but /login and /signup goes to /login (/become skips the guard).
 * 4. /signup without a token or ms_id query sets the custom-signup flag.
 * 5. Socius users with a token are kept to analytics and to account-settings' linked-accounts,
 *    security and badges (profile goes to linked-accounts).
 * 6. Signed in, /login goes to overview; so does /signup unless a registration is in progress
 *    (any registration flag set: resuming with a token, adding an account, a wizard past step 1).
 * 7. Entering the dashboard signed in clears the registration flags and identifies the user.
 *
 * Invariant: a decision's patch only ever changes values (never re-sets what is already there),
 * so applying it and deciding again settles at once.
 */
import type { Session } from '@/db/session';
import {
  isFlagSet,
  REGISTRATION_FLAG_NAMES,
  REGISTRATION_FLAGS,
  type RegistrationFlag,
} from '@/lib/registration-flags';
import { ROUTES } from '@/lib/routes';

export const OVERVIEW = ROUTES.overview;
export const ANALYTICS = ROUTES.analytics;
export const LINKED_ACCOUNTS = ROUTES.linkedAccounts;
export const SOCIUS_SETTINGS_TABS = ['linked-accounts', 'security', 'badges'] as const;

export type GuardSession = Pick<Session, 'token' | 'user' | RegistrationFlag>;

export type GuardDecision = {
  /** Where to go instead, or null to stay. */
  redirect: string | null;
  /** Session fields to change, or null. */
  patch: Partial<Session> | null;
  /** Identify the user to the onboarding tool (the dashboard was just entered). */
  identify: boolean;
};

/** True when `path` is `root` or below it (`/login` matches `/login/x`, not `/loginx`). */
export const isUnder = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

const isLoginOrSignup = (path: string) => isUnder(path, ROUTES.login) || isUnder(path, ROUTES.signup);

/** A user of the restricted socius brand: every platform they have is socius. */
export function isSocius(user: GuardSession['user']): boolean {
  const platforms = user?.platforms ?? [];
  return platforms.length > 0 && platforms.every((entry) => entry.platform === 'socius');
}

const flagSet = (session: GuardSession, flag: RegistrationFlag) => isFlagSet(session[flag]);

export const registrationInProgress = (session: GuardSession) =>
  REGISTRATION_FLAG_NAMES.some((flag) => flagSet(session, flag));

/** Where a socius user heading to `path` must go instead (or `path` itself). */
function sociusTarget(path: string): string {
  const settings = ROUTES.accountSettings;
  if (isUnder(path, settings)) {
    const tab = path.slice(settings.length + 1).split('/')[0];
    return (SOCIUS_SETTINGS_TABS as readonly string[]).includes(tab) ? path : LINKED_ACCOUNTS;
  }
  return isUnder(path, ANALYTICS) ? path : ANALYTICS;
}

export function guard(
  session: GuardSession,
  path: string,
  query: string | URLSearchParams = '',
  from: string | null = null,
): GuardDecision {
  const stay: GuardDecision = { redirect: null, patch: null, identify: false };
  if (isUnder(path, ROUTES.become)) return stay;
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const patch: Partial<Session> = {};
  const decide = (redirect: string | null): GuardDecision => ({
    redirect,
    patch: Object.keys(patch).length > 0 ? patch : null,
    identify: false,
  });

  const pending = Boolean(session['reg-token'] || session['custom-signup'] || session.ms_id);
  if (pending && !session.token && !isLoginOrSignup(path)) return decide(ROUTES.login);

  if (session['add-account'] && !session['edit-step-2']) patch['edit-step-2'] = true;

  if (!session.token) {
    if (!isLoginOrSignup(path)) return decide(ROUTES.login);
  } else {
    let target = path;
    if (isUnder(path, ROUTES.login) || (isUnder(path, ROUTES.signup) && !registrationInProgress(session))) {
      target = OVERVIEW;
    }
    if (isSocius(session.user)) target = sociusTarget(target);
    if (target !== path) return decide(target);
  }

  if (
    isUnder(path, ROUTES.signup) &&
    !params.get('token') &&
    !params.get('ms_id') &&
    !session['custom-signup']
  ) {
    patch['custom-signup'] = true;
  }

  const entering =
    Boolean(session.token) && isUnder(path, ROUTES.dashboard) && !(from && isUnder(from, ROUTES.dashboard));
  if (!entering) return decide(null);
  delete patch['edit-step-2'];
  for (const flag of REGISTRATION_FLAG_NAMES) {
    if (flagSet(session, flag)) Object.assign(patch, { [flag]: REGISTRATION_FLAGS[flag] });
  }
  return { ...decide(null), identify: true };
}
