/**
 * The route table (spec part 1 §2) behind the navigation guard, plus the app-wide toaster and the
 * impersonation banner. Every page loads lazily; the guard decides before any route renders, so a
 * signed-out visitor never sees a flash of the dashboard.
 */
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useSession } from '../db/use-session';
import { Toaster } from '../ui/toaster';
import { OVERVIEW } from './guard';
import { ImpersonationBanner } from './impersonation-banner';
import { PageLoading } from './page-loading';
import { useGuard } from './use-guard';

const LoginPage = lazy(() => import('../features/auth/login-page'));
const BecomePage = lazy(() => import('../features/auth/become-page'));
const SignupPage = lazy(() => import('../features/signup/signup-page'));
const DashboardShell = lazy(() => import('./dashboard-shell'));

/** Keys on the redirect routes: without them React reuses one <Redirect> across two hops
 *  (/ -> /dashboard -> overview) and the second never fires. */
function Routes() {
  return (
    <Switch>
      <Route key="root" path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route path="/login" component={LoginPage} />
      <Route path="/become" component={BecomePage} />
      <Route path="/signup" component={SignupPage} />
      <Route key="dashboard" path="/dashboard">
        <Redirect to={OVERVIEW} replace />
      </Route>
      <Route path="/dashboard/*" component={DashboardShell} />
      <Route key="unknown">
        <Redirect to="/dashboard" replace />
      </Route>
    </Switch>
  );
}

export function App() {
  const session = useSession();
  const decision = useGuard(session);
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
      <Toaster />
    </>
  );
}
