/**
 * The signed-in shell for /dashboard/* (spec part 1 §2 "Dashboard shell"): the header, the phone's
 * tab bar (tab-bar.tsx), the section's page (loaded lazily, with its own loading state so the header stays put) and the
 * packout ad modal. Keeps the server's tabs from the settings read (shared with the page's), and
 * gives its time zone to the shared time formatter (sync/format.ts): every time on every screen is
 * then shown in the account's zone (the zone remembered on this device until the settings answer).
 * It also remembers the zone the settings answer with (widgets/toolbar/zone-hint.ts), whichever
 * screen is open: the first visit of a list screen (leads, campaigns) then asks for its list at once,
 * alongside the settings read, instead of after its answer (on a phone's slow connection the leads
 * list of a first visit after sign-in was asked for about a second later than the other reads).
 * Default export: the shell itself is loaded lazily, so /login does not download it.
 */
import './dashboard-shell.css';
import './shell-header.css';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { SETTINGS_PATH, UserSettings } from '../api/contracts/session';
import { useSession } from '../db/use-session';
import { PackoutAdModal } from '../features/auth/packout-ad-modal';
import { setAccountZone } from '../sync/format';
import { useCachedRead } from '../sync/use-cached-read';
import { ErrorBoundary } from '../ui/error-boundary';
import { rememberedZone, rememberZone } from '../widgets/toolbar/zone-hint';
import { DashboardRoutes } from './dashboard-routes';
import { PageLoading } from './page-loading';
import { applyTabs } from './shell-api';
import { ShellHeader } from './shell-header';
import { TabBar } from './tab-bar';

export default function DashboardShell() {
  const { user_id: userId } = useSession();
  const [location] = useLocation();
  // The pages that need the settings make this same read: mounting together, they share one request.
  const settings = useCachedRead(UserSettings, SETTINGS_PATH);
  // The server's answer of this load (not the stored copy shown meanwhile, nor an offline one).
  const tabs = !settings.loading && !settings.offline ? settings.data?.tabs : undefined;

  const zone = settings.data?.time_zone || rememberedZone(userId);
  const answeredZone = settings.data?.time_zone;
  useEffect(() => rememberZone(userId, answeredZone), [userId, answeredZone]);
  useEffect(() => {
    setAccountZone(zone);
    return () => setAccountZone(null);
  }, [zone]);

  useEffect(() => {
    if (userId !== null && tabs) void applyTabs(userId, tabs).catch(() => undefined);
  }, [userId, tabs]);

  return (
    <div className="shell">
      {/* The first Tab stop: past the header's tabs, bell and menus straight to the page. */}
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ShellHeader />
      {/* Before the page in Tab order: the sections, then the page (issue 51 item 8). */}
      <TabBar />
      <main className="shell-main" id="main" tabIndex={-1}>
        {/* A page that cannot be shown (its chunk did not arrive) says so; the header stays. */}
        <ErrorBoundary what="this page" resetKey={location}>
          <Suspense fallback={<PageLoading />}>
            <DashboardRoutes />
          </Suspense>
        </ErrorBoundary>
      </main>
      <PackoutAdModal />
    </div>
  );
}
