/**
 * Tabs as a list of links, each tab with its subtabs below it: the collapsed header menu's list
 * (mobile-menu.tsx) and the phone tab bar's More panel (tab-bar.tsx). The current page carries
 * aria-current; `onChoose` runs when a link is chosen (the menus close).
 */
import { Link } from 'wouter';
import { isLinkActive, isTabActive, type NavTab } from './tabs';

const current = (active: boolean) => (active ? ('page' as const) : undefined);

export function NavLinks({ tabs, path, onChoose }: { tabs: NavTab[]; path: string; onChoose: () => void }) {
  return (
    <ul className="mobile-menu__list">
      {tabs.map((tab) => (
        <li key={tab.href}>
          <Link
            className="mobile-menu__link"
            href={tab.href}
            aria-current={current(tab.subtabs.length === 0 && isTabActive(tab, path))}
            onClick={onChoose}
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
                    onClick={onChoose}
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
  );
}
