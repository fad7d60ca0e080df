/**
 * The route table (spec part 1 §2) behind the navigation guard, plus the app-wide toaster and the
 * impersonation banner. Every page loads lazily; the guard decides before any route renders, so a
 * signed-out visitor never sees a flash of the dashboard. A page whose chunk is already here
 * (route-preload.ts) renders at once, without the Suspense spinner.
 *
 * The impersonation banner loads only while impersonating: it brings the user menu's code (and
 * Dexie), which the sign-in page does not need. A reload while impersonating has it loaded before
 * the first render (`preloadApp`, from main.tsx), so it is there with the page, as before.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { Session } from '@/db/session';
import { useSession } from '@/db/use-session';
import { afterScreenReads, screenShown } from '@/lib/reads-in-flight';
import { ROUTES } from '@/lib/routes';
import { ErrorBoundary } from '@/ui/error-boundary';
import { lazyComponent } from '@/ui/lazy-component';
import { afterFirstPaint } from './after-paint';
import { PageLoading } from './page-loading';
import { BecomePage, DashboardShell, LoginPage, preloadOnIntent, SignupPage } from './route-preload';
import { useGuard } from './use-guard';

/** The toast container (and react-toastify) loads once the first screen is painted and its reads
 *  have answered; a toast raised earlier waits in react-toastify's queue until it mounts. */
const Toaster = lazy(() => import('@/ui/toaster').then((module) => ({ default: module.Toaster })));
const ImpersonationBanner = lazyComponent(() =>
  import('./impersonation-banner').then((module) => ({ default: module.ImpersonationBanner })),
);

const isImpersonating = (session: Session) => Boolean(session.token) && session.impersonate_id !== null;

/** Loads what the first render needs for this session besides its pages (never fails). */
export function preloadApp(session: Session): Promise<void> {
  return isImpersonating(session) ? ImpersonationBanner.preload() : Promise.resolve();
}

/** True once the first screen has painted (after-paint.ts) and its reads have answered. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const stop = afterFirstPaint(() => {
      cancel = afterScreenReads(() => setPainted(true));
    });
    return () => {
      stop();
      cancel();
    };
  }, []);
  return painted;
}

/** Keys on the redirect routes: without them React reuses one <Redirect> across two hops
 *  (/ -> /dashboard -> overview) and the second never fires. */
function Routes() {
  return (
    <Switch>
      <Route key="root" path={ROUTES.root}>
        <Redirect to={ROUTES.dashboard} replace />
      </Route>
      <Route path={ROUTES.login} component={LoginPage} />
      <Route path={ROUTES.become} component={BecomePage} />
      <Route path={ROUTES.signup} component={SignupPage} />
      <Route key="dashboard" path={ROUTES.dashboard}>
        <Redirect to={ROUTES.overview} replace />
      </Route>
      <Route path={`${ROUTES.dashboard}/*`} component={DashboardShell} />
      <Route key="unknown">
        <Redirect to={ROUTES.dashboard} replace />
      </Route>
    </Switch>
  );
}

export function App() {
  const session = useSession();
  const decision = useGuard(session);
  const signedOut = !session.token;
  const painted = usePainted();
  const impersonating = isImpersonating(session);
  // After the first commit: the screen's reads (its effects ran before this one) are counted.
  useEffect(() => screenShown(), []);
  // Signed out, the dashboard is where signing in (or up) leads: fetch it once the visitor starts.
  useEffect(() => (signedOut ? preloadOnIntent() : undefined), [signedOut]);
  return (
    <>
      {impersonating && (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      )}
      {decision.redirect ? (
        <Redirect key={decision.redirect} to={decision.redirect} replace />
      ) : (
        <ErrorBoundary what="the portal">
          <Suspense fallback={<PageLoading />}>
            <Routes />
          </Suspense>
        </ErrorBoundary>
      )}
      {painted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
