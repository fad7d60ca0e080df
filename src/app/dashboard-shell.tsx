/**
 * The signed-in shell for /dashboard/* (spec part 1 §2 "Dashboard shell"): the header, the
 * section's page (loaded lazily, with its own loading state so the header stays put) and the
 * packout ad modal. Refreshes the server's tabs once per user.
 * Default export: the shell itself is loaded lazily, so /login does not download it.
 */
import './dashboard-shell.css';
import './shell-header.css';
import { Suspense, useEffect } from 'react';
import { useSession } from '../db/use-session';
import { PackoutAdModal } from '../features/auth/packout-ad-modal';
import { DashboardRoutes } from './dashboard-routes';
import { PageLoading } from './page-loading';
import { refreshTabs } from './shell-api';
import { ShellHeader } from './shell-header';

export default function DashboardShell() {
  const { user_id: userId } = useSession();

  useEffect(() => {
    if (userId !== null) void refreshTabs(userId);
  }, [userId]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ShellHeader />
      <main className="shell-main" id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <DashboardRoutes />
        </Suspense>
      </main>
      <PackoutAdModal />
    </div>
  );
}
