/**
 * The phone's tab bar (640 px and less; issue 51 item 8): the main sections at the bottom of the
 * screen, within the thumb's reach, as the apps contractors use have them. Overview, Leads,
 * Campaigns and Billing (tabs.ts phoneTabs), then More, which opens every other tab and subtab
 * (what the collapsed header menu holds) above the bar. Each section shows its unread
 * notifications as a badge (tab-badges.ts); the header keeps the bell and the sync indicator.
 *
 * Hidden by CSS above 640 px. It comes after the header in the page's order, so Tab reaches the
 * sections before the page; its height is fixed (a badge never grows it), so nothing shifts.
 */
import './tab-bar.css';
import { Link, useLocation } from 'wouter';
import { useSession } from '../db/use-session';
import { useNotificationRows } from '../sync/notifications';
import { useDisclosure } from '../ui/use-disclosure';
import { NavLinks } from './nav-links';
import { badgeText, unreadByArea } from './tab-badges';
import { isTabActive, navTabs, phoneTabs } from './tabs';

const ICONS: Record<string, string> = {
  overview: 'M4 11l8-6.5 8 6.5V20h-5v-5.5H9V20H4Z',
  leads: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8.5a7 7 0 0 1 14 0',
  campaigns: 'M4 10v4h3l7 4.5v-13L7 10H4Zm13.5-1.5a5 5 0 0 1 0 7',
  billing: 'M3.5 6.5h17v11h-17Zm0 4h17M7 14.5h4',
  performance: 'M5 20v-8M12 20V5M19 20v-5M3 20h18',
  more: 'M5.5 12h.01M12 12h.01M18.5 12h.01',
};
const OTHER_ICON = 'M5 5h5v5H5Zm9 0h5v5h-5ZM5 14h5v5H5Zm9 0h5v5h-5Z';

function TabIcon({ area }: { area: string }) {
  return (
    <svg
      className="tab-bar__icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={ICONS[area] ?? OTHER_ICON}
        fill="none"
        stroke="currentColor"
        strokeWidth={area === 'more' ? 3 : 1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The count on a section; read out after its name ("Leads, 2 unread"). */
function Badge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <>
      <span className="tab-bar__badge" data-testid="tab-badge" aria-hidden="true">
        {badgeText(count)}
      </span>
      <span className="visually-hidden">, {count} unread</span>
    </>
  );
}

export function TabBar() {
  const session = useSession();
  const [path] = useLocation();
  const { notifications } = useNotificationRows(session.user_id);
  const more = useDisclosure();
  const { bar, more: rest } = phoneTabs(navTabs(session.tabs));
  const unread = unreadByArea(notifications);
  const count = (areas: string[]) => areas.reduce((sum, area) => sum + (unread.get(area) ?? 0), 0);
  const inMore = rest.some((tab) => isTabActive(tab, path));
  if (bar.length === 0) return null;
  return (
    <nav className="tab-bar" aria-label="Main">
      <ul className="tab-bar__list">
        {bar.map((tab) => {
          const active = isTabActive(tab, path);
          return (
            <li key={tab.href}>
              <Link
                className={active ? 'tab-bar__item tab-bar__item--active' : 'tab-bar__item'}
                href={tab.href}
                aria-current={active ? 'page' : undefined}
              >
                <TabIcon area={tab.area} />
                <span className="tab-bar__label">{tab.name}</span>
                <Badge count={count([tab.area])} />
              </Link>
            </li>
          );
        })}
        {rest.length > 0 ? (
          <li>
            <div className="tab-bar__more" {...more.rootProps}>
              <button
                className={inMore ? 'tab-bar__item tab-bar__item--active' : 'tab-bar__item'}
                {...more.buttonProps}
              >
                <TabIcon area="more" />
                <span className="tab-bar__label">More</span>
                <Badge count={count(rest.map((tab) => tab.area))} />
              </button>
              <div className="tab-bar__panel" {...more.panelProps}>
                <NavLinks tabs={rest} path={path} onChoose={() => more.close()} />
              </div>
            </div>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
