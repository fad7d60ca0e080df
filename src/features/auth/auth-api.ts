/**
 * Sign-in, password, registration-link, impersonation and sign-out: the calls of spec part 1 §7
 * and the user actions built on them. The only file of this feature with effects (network,
 * session store, device data).
 *
 * - Every action that signs someone in replaces the whole session (emptySession() first), so
 *   nothing of a previous user or impersonation survives a new sign-in.
 * - Registration authentication and impersonation are one-shot per token (the server burns an
 *   impersonation nonce on first use): a second call with the same token joins the first.
 */
import { ROUTES } from '@/lib/routes';
import { request } from '../../api/client';
import type { EndpointPath } from '../../api/contracts/endpoints';
import {
  AuthenticateResponse,
  BecomeResponse,
  type CreateSessionBody,
  LoginResponse,
  MessageResponse,
  type PasswordBody,
  type SignInLinkBody,
  type Tab,
  ValidateEmailResponse,
} from '../../api/contracts/session';
import { loadDb } from '../../db/load-db';
import { emptySession, peekSession, type Session, type SessionKey, setSession } from '../../db/session';
import { dismissPackoutAd, queuePackoutAd } from './packout-ad';

export const DEFAULT_LANDING = ROUTES.overview;

/*
 * Literal paths on purpose: this module is in the chunk /login loads before its form (vite.config.ts
 * `kit`), and the endpoint table is in `core`, which loads after it; importing even a path from
 * the table would bring the core chunk forward. `satisfies EndpointPath` checks each literal
 * against the table instead, at no cost at run time (a named constant would cost bytes).
 */

export const createSession = (body: CreateSessionBody) =>
  request(LoginResponse, '/client/create_session' satisfies EndpointPath<'POST'>, { method: 'POST', body });

/** A one-time sign-in link (mailed while sign-in from new devices is paused): answered as a sign-in. */
export const postSignInLink = (body: SignInLinkBody) =>
  request(LoginResponse, '/client/sign_in_link' satisfies EndpointPath<'POST'>, {
    method: 'POST',
    body,
    toast: false,
  });

/** Best effort: the token is forgotten locally whatever the server answers. */
export const endSession = () =>
  request(MessageResponse, '/client/end_session' satisfies EndpointPath<'POST'>, {
    method: 'POST',
    quiet: true,
  });

export const validateEmail = (value: string) =>
  request(ValidateEmailResponse, '/validate/email' satisfies EndpointPath<'GET'>, { query: { value } });

export const postPasswordReset = (email: string) =>
  request(MessageResponse, '/client/password_reset' satisfies EndpointPath<'POST'>, {
    method: 'POST',
    body: { email },
  });

export const postPassword = (body: PasswordBody) =>
  request(MessageResponse, '/client/password' satisfies EndpointPath<'POST'>, { method: 'POST', body });

const basic = (token: string) =>
  `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${token}:`)))}`;

/** The registration token goes in the auth header itself: it is stored only once it proved valid. */
export const postAuthenticate = (regToken: string) =>
  request(AuthenticateResponse, '/client/authenticate' satisfies EndpointPath<'POST'>, {
    method: 'POST',
    headers: { Authorization: basic(regToken) },
  });

export const postBecome = (body: { email: string; ed: string }) =>
  request(BecomeResponse, '/client/become' satisfies EndpointPath<'POST'>, {
    method: 'POST',
    body,
    toast: false,
  });

/** Where a signed-in user lands: the first tab's url, if it is a path inside the app. */
export function landingUrl(tabs: readonly Tab[]): string {
  const url = tabs[0]?.url ?? '';
  return url.startsWith('/') && !url.startsWith('//') ? url : DEFAULT_LANDING;
}

/** The sign-up wizard resuming a registration (its token query marks a resume, not a new sign-up). */
export const signupResumeUrl = (regToken: string) => `/signup?${new URLSearchParams({ token: regToken })}`;

export type SignInResult = { to: string; registration: boolean };

/**
 * Stores a new session, then moves on. The rows are written to storage first, so a reload or
 * another tab in the first moments after signing in finds the user signed in. Only then does the
 * in-memory mirror change, in the same tick as `moveOn`: the next render sees the new user *and*
 * the new path together, so the guard never bounces the signed-in user off /login (entering the
 * dashboard would clear the registration flags this sign-in just set).
 *
 * The rows are written in an explicit transaction on purpose: Dexie shows writes made outside one
 * to live queries optimistically, before they commit, so the session watcher would publish the
 * new user early and the guard would redirect before `moveOn`. After an explicit commit live
 * queries re-read storage, which answers after this continuation has published and moved on.
 * (setSession then writes the same rows again: keyed puts, harmless.)
 *
 * The database is loaded here if it is not yet (the sign-in page does not bring it; the first
 * sign of use on that page loads it, main.tsx).
 */
async function openSession(patch: Partial<Session>, moveOn: () => void): Promise<void> {
  const rows = (Object.keys(patch) as SessionKey[]).map((key) => ({ key, value: patch[key] }));
  await loadDb()
    .then((db) => db.transaction('rw', db.session, () => db.session.bulkPut(rows)))
    // As in setSession: storage refused (private mode, quota), the tab still signs in, unremembered.
    .catch((error: unknown) => console.error('Could not store the session', error));
  const published = setSession(patch);
  moveOn();
  await published;
}

/**
 * Signs in and stores the session. With a registration token in the session the user goes on to
 * sign-up step 2 in edit state; otherwise to the first tab (`go` toasts 'Login Successful').
 * Throws ApiError on failure.
 */
export async function signIn(
  credentials: CreateSessionBody,
  go: (result: SignInResult) => void,
): Promise<void> {
  await storeLogin(await createSession(credentials), go);
}

/** A one-time sign-in link from the mail: signs in as the form would have (once per token). */
export function signInWithLink(token: string, go: (result: SignInResult) => void): Promise<void> {
  return once(`link:${token}`, async () => storeLogin(await postSignInLink({ token }), go));
}

async function storeLogin(login: LoginResponse, go: (result: SignInResult) => void): Promise<void> {
  const regToken = peekSession()['reg-token'];
  if (login.show_ad) queuePackoutAd(login.ad_type);
  const result = regToken
    ? { to: signupResumeUrl(regToken), registration: true }
    : { to: landingUrl(login.tabs), registration: false };
  await openSession(
    {
      token: login.token,
      user_id: login.user_id,
      user: login.user,
      business_profile: login.business_profile,
      tabs: login.tabs,
      impersonate_id: null,
      ...(regToken ? { 'edit-step-2': true } : {}),
    },
    () => go(result),
  );
}

/** Asks for a reset mail: the email is checked by the server first (spec part 1 §5). */
export async function requestPasswordReset(email: string): Promise<'sent' | 'invalid'> {
  const check = await validateEmail(email);
  if (!check.valid) return 'invalid';
  await postPasswordReset(email);
  return 'sent';
}

const inFlight = new Map<string, Promise<unknown>>();

function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = run().finally(() => setTimeout(() => inFlight.delete(key), 1000));
  inFlight.set(key, started);
  return started;
}

/** A registration link: authenticates its token and signs in to resume sign-up at /signup. */
export function authenticateRegistration(regToken: string, go: (to: string) => void): Promise<void> {
  return once(`reg:${regToken}`, async () => {
    const answer = await postAuthenticate(regToken);
    const session = {
      ...emptySession(),
      token: answer.payload.token,
      user_id: answer.payload.user_id,
      user: answer.user,
      'reg-token': regToken,
      'reg-org': answer.org,
    };
    await openSession(session, () => go(signupResumeUrl(regToken)));
  });
}

/** Staff impersonation (/become): signs in as the customer and goes to their first tab. */
export function become(email: string, ed: string, go: (to: string) => void): Promise<void> {
  return once(`become:${ed}`, async () => {
    const answer = await postBecome({ email, ed });
    dismissPackoutAd();
    const session = {
      ...emptySession(),
      token: answer.token,
      user_id: answer.user_id,
      user: answer.user,
      impersonate_id: answer.impersonate_id,
      tabs: answer.tabs,
    };
    await openSession(session, () => go(landingUrl(answer.tabs)));
  });
}
