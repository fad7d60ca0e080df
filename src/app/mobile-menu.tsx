/**
 * The collapsed header menu below 1050 px (spec part 1 §2, §9): one button that opens every tab
 * and subtab as a list under the header. Choosing a link closes it.
 */
import { Link } from 'wouter';
import { useDisclosure } from '../ui/use-disclosure';
import { isLinkActive, isTabActive, type NavTab } from './tabs';

export function MobileMenu({ tabs, path }: { tabs: NavTab[]; path: string }) {
  const menu = useDisclosure();
  const current = (active: boolean) => (active ? ('page' as const) : undefined);
  return (
    <div className="dropdown mobile-menu" {...menu.rootProps}>
      <button className="header-icon-button" aria-label="Menu" {...menu.buttonProps}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          {menu.open ? (
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
      </button>
      <div className="mobile-menu__panel" {...menu.panelProps}>
        <nav aria-label="Main">
          <ul className="mobile-menu__list">
            {tabs.map((tab) => (
              <li key={tab.href}>
                <Link
                  className="mobile-menu__link"
                  href={tab.href}
                  aria-current={current(tab.subtabs.length === 0 && isTabActive(tab, path))}
                  onClick={() => menu.close()}
                >
                  {tab.name}
                </Link>
                {tab.subtabs.length > 0 ? (
                  <ul className="mobile-menu__sublist">
                    {tab.subtabs.map((sub) => (
                      <li key={sub.href}>
                        <Link
                          className="mobile-menu__link mobile-menu__link--sub"
                          href={sub.href}
                          aria-current={current(isLinkActive(sub, path))}
                          onClick={() => menu.close()}
                        >
                          {sub.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
