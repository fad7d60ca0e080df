/**
 * The collapsed header menu from 641 to 1049 px (spec part 1 §2, §9): one button that opens every
 * tab and subtab as a list under the header. Choosing a link closes it. On a phone (640 px and
 * less) the tab bar (tab-bar.tsx) takes its place.
 */
import { useDisclosure } from '../ui/use-disclosure';
import { NavLinks } from './nav-links';
import type { NavTab } from './tabs';

export function MobileMenu({ tabs, path }: { tabs: NavTab[]; path: string }) {
  const menu = useDisclosure();
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
          <NavLinks tabs={tabs} path={path} onChoose={() => menu.close()} />
        </nav>
      </div>
    </div>
  );
}
