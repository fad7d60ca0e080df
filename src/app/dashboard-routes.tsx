/**
 * The dashboard's route table (spec part 1 §2, part 3 §2.1): every page under /dashboard, each
 * loaded lazily, plus the index redirects. Anything else under /dashboard goes to /dashboard
 * (and from there to the overview).
 *
 * Sections whose screens are still to come render SectionPage ('This section is coming soon');
 * a feature replaces its entry in PAGES with its own lazily imported page.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useSession } from '../db/use-session';

const SectionPage = lazy(() => import('./section-page'));
const LeadsPage = lazy(() => import('../features/leads/leads-page'));

type Page = LazyExoticComponent<ComponentType>;

export const PERFORMANCE_TABS = ['summary', 'search', 'social', 'programmatic', 'revconnect'] as const;
export const BILLING_TABS = ['invoices', 'payment-methods'] as const;
export const ACCOUNT_SETTINGS_TABS = ['profile', 'linked-accounts', 'security', 'badges'] as const;

/** Path -> page. Exact paths: a path not listed here is unknown. */
export const PAGES: Record<string, Page> = {
  '/dashboard/overview': SectionPage,
  '/dashboard/overview/qsp': SectionPage,
  '/dashboard/leads': LeadsPage,
  '/dashboard/campaigns': SectionPage,
  '/dashboard/analytics': SectionPage,
  '/dashboard/services': SectionPage,
  '/dashboard/products': SectionPage,
  ...Object.fromEntries(PERFORMANCE_TABS.map((tab) => [`/dashboard/performance/${tab}`, SectionPage])),
  ...Object.fromEntries(BILLING_TABS.map((tab) => [`/dashboard/billing/${tab}`, SectionPage])),
  ...Object.fromEntries(
    ACCOUNT_SETTINGS_TABS.map((tab) => [`/dashboard/account-settings/${tab}`, SectionPage]),
  ),
};

/** The Performance index: franchise accounts go to the summary (part 3 §2.1), others see their page. */
const PerformanceIndexPage: Page = SectionPage;

function PerformanceIndex() {
  const { user } = useSession();
  const franchise = user?.platforms.some((entry) => entry.platform === 'franchise') ?? false;
  return franchise ? <Redirect to="/dashboard/performance/summary" replace /> : <PerformanceIndexPage />;
}

export function DashboardRoutes() {
  return (
    <Switch>
      <Route key="performance" path="/dashboard/performance">
        <PerformanceIndex />
      </Route>
      <Route key="billing" path="/dashboard/billing">
        <Redirect to="/dashboard/billing/invoices" replace />
      </Route>
      <Route key="account-settings" path="/dashboard/account-settings">
        <Redirect to="/dashboard/account-settings/profile" replace />
      </Route>
      {Object.entries(PAGES).map(([path, Page]) => (
        <Route key={path} path={path} component={Page} />
      ))}
      <Route key="unknown">
        <Redirect to="/dashboard" replace />
      </Route>
    </Switch>
  );
}
