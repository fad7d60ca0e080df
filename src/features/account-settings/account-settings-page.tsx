/**
 * /dashboard/account-settings/{tab} (spec part 2 §2): the tab strip (only the tabs this user may
 * see, account-tabs.ts) and the open tab. A tab the user may not see goes to the first one they
 * may (the guard already keeps socius users to their tabs).
 * Default export: loaded lazily by the dashboard's route table.
 */
import './account-settings.css';
import { Link, Redirect, useLocation } from 'wouter';
import { useSession } from '../../db/use-session';
import { PRODUCT_NAME } from '../../lib/config';
import { dashboardPath } from '../../lib/routes';
import { FirstReads } from '../../sync/first-reads';
import { type AccountTab, badgeSets, visibleTabs } from './account-tabs';
import { BadgesTab } from './badges-tab';
import { LinkedAccountsTab } from './linked-accounts-tab';
import { TAB_LABELS } from './messages';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';

const tabPath = (tab: AccountTab) => dashboardPath('account-settings', tab);

function TabContent({ tab, platforms }: { tab: AccountTab; platforms: string[] }) {
  if (tab === 'profile') return <ProfileTab />;
  if (tab === 'linked-accounts') return <LinkedAccountsTab />;
  if (tab === 'badges') return <BadgesTab sets={badgeSets(platforms)} />;
  return <SecurityTab />;
}

export default function AccountSettingsPage() {
  const [path] = useLocation();
  const { user } = useSession();
  const platforms = (user?.platforms ?? []).map((entry) => entry.platform as string);
  const tabs = visibleTabs(platforms);
  const current = path.split('/').pop() as AccountTab;
  if (!tabs.includes(current)) return <Redirect to={tabPath(tabs[0] ?? 'security')} replace />;

  return (
    <div className="account-settings">
      <title>{`Account Settings · ${TAB_LABELS[current]} · ${PRODUCT_NAME}`}</title>
      <h1 className="account-settings__title">Account Settings</h1>
      <nav className="account-tabs" aria-label="Account settings">
        {tabs.map((tab) => (
          <Link
            key={tab}
            href={tabPath(tab)}
            className={
              tab === current ? 'account-tabs__link account-tabs__link--active' : 'account-tabs__link'
            }
            aria-current={tab === current ? 'page' : undefined}
          >
            {TAB_LABELS[tab]}
          </Link>
        ))}
      </nav>
      {/* Shown whole once the tab's first reads have answered: sections never push each other. */}
      <FirstReads key={current}>
        <TabContent tab={current} platforms={platforms} />
      </FirstReads>
    </div>
  );
}
