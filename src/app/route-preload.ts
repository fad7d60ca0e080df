/**
 * The top-level pages (each its own chunk) and the preloading that lets them render at once.
 *
 * - At start, main.tsx preloads the chunks of the start URL alongside the session read, and of
 *   where the guard sends it once the session is known (a signed-in reload of /login lands on the
 *   overview); the app mounts when they are here, so no spinner shows for content already local.
 *   A page that stays put also has its stored first content read ahead: the reads its screen made
 *   by itself on its last visit (sync/screen-reads.ts), so a reload of any screen shows them in its
 *   first frame, offline too.
 * - On the sign-in and sign-up pages, the first sign of use (a key, a tap, typing) preloads the
 *   dashboard shell and its landing page, so signing in shows the dashboard at once.
 *
 * Gain (user-visible): no spinner between the HTML and a screen whose chunks and stored reads are
 * on the device, nor after signing in (test/e2e/speed.test.ts "without the spinner"; the bench
 * counts spinner flashes over 11 loads, budget 0). START_WAIT_MS bounds the wait: past it the
 * Suspense spinner shows.
 */
import type { Session } from '@/db/session';
import { ROUTES } from '@/lib/routes';
import { lazyComponent } from '@/ui/lazy-component';
import { dashboardPage, primeDashboardPage } from './dashboard-routes';
import { guard, isUnder } from './guard';

export const LoginPage = lazyComponent(() => import('../features/auth/login-page'));
export const BecomePage = lazyComponent(() => import('../features/auth/become-page'));
export const SignupPage = lazyComponent(() => import('../features/signup/signup-page'));
export const DashboardShell = lazyComponent(() => import('./dashboard-shell'));

/** Loads the chunks a path renders with (never fails: a failed load shows when the page renders). */
function preloadRoute(path: string): Promise<void> {
  if (isUnder(path, ROUTES.login)) return LoginPage.preload();
  if (isUnder(path, ROUTES.signup)) return SignupPage.preload();
  if (isUnder(path, ROUTES.become)) return BecomePage.preload();
  if (!isUnder(path, ROUTES.dashboard)) return Promise.resolve();
  const page = dashboardPage(path);
  return Promise.all([DashboardShell.preload(), page?.preload()]).then(() => undefined);
}

/** How long the first render may wait for the chunks before the Suspense spinner takes over. */
const START_WAIT_MS = 1500;

/**
 * Resolves when the start URL's chunks (and its redirect's, once the session is read) are here,
 * and the stored answers its page shows first have been read from the device (dashboard-routes.tsx
 * primeDashboardPage), so the first render shows them.
 */
export function preloadStart(sessionRead: Promise<Session>): Promise<void> {
  const { pathname, search } = window.location;
  const here = preloadRoute(pathname);
  const there = sessionRead.then(
    (session) => {
      const { redirect } = guard(session, pathname, search);
      if (redirect) return preloadRoute(redirect.split('?')[0]);
      return session.user_id !== null && isUnder(pathname, ROUTES.dashboard)
        ? primeDashboardPage(pathname, session.user_id)
        : undefined;
    },
    () => undefined,
  );
  const loaded = Promise.all([here, there]).then(() => undefined);
  return Promise.race([loaded, new Promise<void>((done) => setTimeout(done, START_WAIT_MS))]);
}

/** On /login or /signup: the first sign of use preloads where signing in lands. */
export function preloadOnIntent(): () => void {
  const events = ['pointerdown', 'keydown', 'input'] as const;
  const preload = () => {
    stop();
    void preloadRoute(ROUTES.overview);
  };
  const stop = () => {
    for (const event of events) document.removeEventListener(event, preload, true);
  };
  for (const event of events) document.addEventListener(event, preload, true);
  return stop;
}
