/**
 * The dashboard's route table (spec part 1 §2, part 3 §2.1): every page under /dashboard, each
 * loaded lazily, plus the index redirects. Anything else under /dashboard goes to /dashboard
 * (and from there to the overview).
 *
 * Each feature's page is one lazily imported entry in PAGES.
 * One line per page:
 *   const XPage = lazy(() => import('../features/<area>/<page>'));
 * `lazy` here is lazyComponent (ui/lazy-component.ts): a page whose chunk was preloaded renders at once, without
 * the Suspense spinner (route-preload.ts preloads the page of the start URL from this table).
 * The server names each page's chunk in its Link header (server/lib/start-links.ts): a page whose
 * module is not src/features/<area>/<area>-page.tsx is listed there too
 * (test/e2e/start-links.test.ts fails on one that is not).
 */
import { Redirect, Route, Switch } from 'wouter';
import { useSession } from '@/db/use-session';
import { dashboardPath, ROUTES } from '@/lib/routes';
import { ACCOUNT_SETTINGS_SUBTABS, BILLING_SUBTABS, PERFORMANCE_SUBTABS, subtabPaths } from '@/lib/tabs';
import { type LazyComponent as LazyPage, lazyComponent as lazy } from '@/ui/lazy-component';

const LeadsPage = lazy(() => import('../features/leads/leads-page'));
const OverviewPage = lazy(() => import('../features/overview/overview-page'));
const QspPage = lazy(() => import('../features/overview/qsp-page'));
const InvoicesPage = lazy(() => import('../features/billing/invoices-page'));
const PaymentMethodsPage = lazy(() => import('../features/billing/payment-methods-page'));
const ServicesPage = lazy(() => import('../features/services/services-page'));
const AnalyticsPage = lazy(() => import('../features/analytics/analytics-page'));
const ProductsPage = lazy(() => import('../features/products/products-page'));
const AccountSettingsPage = lazy(() => import('../features/account-settings/account-settings-page'));
const PerformancePage = lazy(() => import('../features/performance/performance-page'));
const PerformanceRollupPage = lazy(() => import('../features/performance/rollup-page'));
const CampaignsPage = lazy(() => import('../features/campaigns/campaigns-page'));

type Page = LazyPage;

/** Every page of an area with sub-pages (lib/tabs.ts holds the sets). */
const areaPages = (area: string, subtabs: Parameters<typeof subtabPaths>[0], page: Page) =>
  Object.fromEntries(subtabPaths(subtabs).map((sub) => [dashboardPath(area, sub), page]));

/** Path -> page. Exact paths: a path not listed here is unknown. */
export const PAGES: Record<string, Page> = {
  [ROUTES.overview]: OverviewPage,
  [dashboardPath('overview', 'qsp')]: QspPage,
  [ROUTES.leads]: LeadsPage,
  [ROUTES.campaigns]: CampaignsPage,
  [ROUTES.analytics]: AnalyticsPage,
  [dashboardPath('services')]: ServicesPage,
  [dashboardPath('products')]: ProductsPage,
  ...areaPages('performance', PERFORMANCE_SUBTABS, PerformanceRollupPage),
  [dashboardPath('performance', 'devices')]: PerformanceRollupPage,
  ...areaPages('billing', BILLING_SUBTABS, InvoicesPage),
  [dashboardPath('billing', 'payment-methods')]: PaymentMethodsPage,
  ...areaPages('account-settings', ACCOUNT_SETTINGS_SUBTABS, AccountSettingsPage),
};

/**
 * Reads a page makes on its first render that a reload must find even when they changed since
 * its last visit (the leads list's body holds today's date range), read from the device's cache
 * once the page's chunk is here. The page module itself exports them: a module of their own would
 * split the modules they share with the page into more chunks, more requests on the start-up path.
 */
const START_READS: Record<string, () => Promise<(userId: number) => Promise<void>>> = {
  [ROUTES.leads]: () => import('../features/leads/leads-page').then((page) => page.primeLeadsScreen),
};

/**
 * Reads a dashboard path's stored first content ahead of its render (never fails): what its screen
 * read by itself on its last visit on this device (sync/screen-reads.ts, every screen) and its
 * START_READS. The offline core is imported, not bundled here: it loads beside the session read.
 */
export function primeDashboardPage(path: string, userId: number): Promise<void> {
  const prime = START_READS[path];
  const generic = import('@/sync/screen-reads').then(
    (reads) => reads.primeScreenReads(userId, path),
    () => undefined,
  );
  const own = prime
    ? prime().then(
        (run) => run(userId),
        () => undefined,
      )
    : undefined;
  return Promise.all([generic, own]).then(() => undefined);
}

/** The Performance index: franchise accounts go to the summary (part 3 §2.1), others see their page. */
const PerformanceIndexPage: Page = PerformancePage;

/** The page a dashboard path shows, for preloading (the index paths show their landing page). */
export function dashboardPage(path: string): Page | undefined {
  if (path === ROUTES.dashboard) return PAGES[ROUTES.overview];
  if (path === dashboardPath('performance')) return PerformanceIndexPage;
  if (path === dashboardPath('billing')) return PAGES[ROUTES.invoices];
  if (path === ROUTES.accountSettings) return PAGES[dashboardPath('account-settings', 'profile')];
  return PAGES[path];
}

function PerformanceIndex() {
  const { user } = useSession();
  const franchise = user?.platforms.some((entry) => entry.platform === 'franchise') ?? false;
  return franchise ? (
    <Redirect to={dashboardPath('performance', 'summary')} replace />
  ) : (
    <PerformanceIndexPage />
  );
}

export function DashboardRoutes() {
  return (
    <Switch>
      <Route key="performance" path={dashboardPath('performance')}>
        <PerformanceIndex />
      </Route>
      <Route key="billing" path={dashboardPath('billing')}>
        <Redirect to={ROUTES.invoices} replace />
      </Route>
      <Route key="account-settings" path={ROUTES.accountSettings}>
        <Redirect to={dashboardPath('account-settings', 'profile')} replace />
      </Route>
      {Object.entries(PAGES).map(([path, Page]) => (
        <Route key={path} path={path} component={Page} />
      ))}
      <Route key="unknown">
        <Redirect to={ROUTES.dashboard} replace />
      </Route>
    </Switch>
  );
}
