/**
 * The dashboard header (spec part 1 §2 "Dashboard shell"): logo linking to the first tab, the tab
 * menu (collapsed into one Menu button below 1050 px), the sync indicator (offline / waiting /
 * failed changes, opening the Outbox), "Install app" while the browser offers it, the notification
 * bell and the user menu.
 */
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '@/lib/config';
import { useSession } from '../db/use-session';
import { landingUrl } from '../features/auth/auth-api';
import { InstallAppButton } from '../sync/ui/install-app-button';
import { SyncIndicator } from '../sync/ui/sync-indicator';
import { MobileMenu } from './mobile-menu';
import { NotificationBell } from './notification-bell';
import { TabNav } from './tab-nav';
import { navTabs } from './tabs';
import { UserMenu } from './user-menu';

export function ShellHeader() {
  const session = useSession();
  const [path] = useLocation();
  const tabs = navTabs(session.tabs);
  return (
    <header className="shell-header">
      <Link
        className="shell-header__brand"
        href={landingUrl(session.tabs)}
        aria-label={`${PRODUCT_NAME} home`}
      >
        <img src="/logo.svg" alt="" width={32} height={32} />
        <span className="shell-header__product">{PRODUCT_NAME}</span>
      </Link>
      <TabNav tabs={tabs} path={path} />
      <div className="shell-header__actions">
        <SyncIndicator />
        <InstallAppButton />
        {session.user_id !== null ? <NotificationBell userId={session.user_id} /> : null}
        <UserMenu user={session.user} />
        <MobileMenu tabs={tabs} path={path} />
      </div>
    </header>
  );
}
