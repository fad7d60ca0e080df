/**
 * The header's tab menu from 1050 px up (spec part 1 §2): the server's tabs, a tab with subtabs
 * as a dropdown of its subtab links. The current tab and page carry aria-current.
 */
import { Link } from 'wouter';
import { useDisclosure } from '../ui/use-disclosure';
import { isLinkActive, isTabActive, type NavTab } from './tabs';

function TabDropdown({ tab, path }: { tab: NavTab; path: string }) {
  const menu = useDisclosure();
  const active = isTabActive(tab, path);
  return (
    <div className="dropdown" {...menu.rootProps}>
      <button
        className={active ? 'tab-nav__link tab-nav__link--active' : 'tab-nav__link'}
        {...menu.buttonProps}
      >
        {tab.name}
        <svg
          className="chevron"
          viewBox="0 0 24 24"
          width="16"
          height="16"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div className="dropdown__panel" {...menu.panelProps}>
        <ul className="dropdown__list">
          {tab.subtabs.map((sub) => (
            <li key={sub.href}>
              <Link
                className="dropdown__item"
                href={sub.href}
                aria-current={isLinkActive(sub, path) ? 'page' : undefined}
                onClick={() => menu.close()}
              >
                {sub.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function TabNav({ tabs, path }: { tabs: NavTab[]; path: string }) {
  return (
    <nav className="tab-nav" aria-label="Main">
      <ul className="tab-nav__list">
        {tabs.map((tab) => (
          <li key={tab.href}>
            {tab.subtabs.length > 0 ? (
              <TabDropdown tab={tab} path={path} />
            ) : (
              <Link
                className={isTabActive(tab, path) ? 'tab-nav__link tab-nav__link--active' : 'tab-nav__link'}
                href={tab.href}
                aria-current={isTabActive(tab, path) ? 'page' : undefined}
              >
                {tab.name}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
