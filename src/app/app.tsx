/**
 * The route table (spec part 1 §2) behind the navigation guard, plus the app-wide toaster and the
 * impersonation banner. Every page loads lazily; the guard decides before any route renders, so a
 * signed-out visitor never sees a flash of the dashboard. A page whose chunk is already here
 * (route-preload.ts) renders at once, without the Suspense spinner.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useSession } from '@/db/use-session';
import { ROUTES } from '@/lib/routes';
import { ImpersonationBanner } from './impersonation-banner';
import { PageLoading } from './page-loading';
import { BecomePage, DashboardShell, LoginPage, preloadOnIntent, SignupPage } from './route-preload';
import { useGuard } from './use-guard';

/** The toast container (and react-toastify) loads once the page has, not before the first
 *  screen; a toast raised earlier waits in react-toastify's queue until it mounts. */
const Toaster = lazy(() => import('@/ui/toaster').then((module) => ({ default: module.Toaster })));

function useLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  return loaded;
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
  const loaded = useLoaded();
  // Signed out, the dashboard is where signing in (or up) leads: fetch it once the visitor starts.
  useEffect(() => (signedOut ? preloadOnIntent() : undefined), [signedOut]);
  return (
    <>
      <ImpersonationBanner />
      {decision.redirect ? (
        <Redirect key={decision.redirect} to={decision.redirect} replace />
      ) : (
        <Suspense fallback={<PageLoading />}>
          <Routes />
        </Suspense>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
