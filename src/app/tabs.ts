/**
 * The header's tabs as the server supplies them (spec part 1 §2 "Dashboard shell"): which area a
 * tab opens, where its subtabs point, and which tab the current path belongs to. Pure functions.
 *
 * A subtab's path is relative to its tab's area: the Billing tab (`/dashboard/billing/invoices`)
 * with subtab `payment-methods` points to `/dashboard/billing/payment-methods`.
 */
import type { Tab } from '@/api/contracts/session';
import { dashboardPath } from '@/lib/routes';
import { PERFORMANCE_SUBTABS } from '@/lib/tabs';
import { sectionPath } from './sections';

export type NavLink = { name: string; href: string };
export type NavTab = NavLink & { area: string; subtabs: NavLink[] };

const isAppPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** The area of a tab url: `/dashboard/billing/invoices` -> 'billing'. */
export const tabArea = (url: string) => (isAppPath(url) ? (sectionPath(url.split(/[?#]/)[0])[0] ?? '') : '');

const safeSegment = (path: string) => path.replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9/_-]/g, '');

/** The tabs ready to render: only in-app urls, subtabs resolved to full paths. */
export function navTabs(tabs: readonly Tab[]): NavTab[] {
  return tabs
    .filter((tab) => isAppPath(tab.url))
    .map((tab) => {
      const area = tabArea(tab.url);
      // Performance's pages when the server gives the tab none (spec part 1 §2).
      const subtabs = tab.subtabs?.length ? tab.subtabs : area === 'performance' ? PERFORMANCE_SUBTABS : [];
      return {
        name: tab.name,
        href: tab.url,
        area,
        subtabs: subtabs.map((sub) => ({
          name: sub.name,
          href: dashboardPath(area, safeSegment(sub.path)),
        })),
      };
    });
}

/** True when `path` is inside the tab's area (so the tab is marked current). */
export const isTabActive = (tab: NavTab, path: string) =>
  tab.area !== '' && sectionPath(path)[0] === tab.area;

/** True when `path` is the link's page or below it. */
export const isLinkActive = (link: NavLink, path: string) =>
  path === link.href || path.startsWith(`${link.href}/`);

/** The sections a phone's tab bar shows first, in its order; the others wait under More. */
const PHONE_AREAS = ['overview', 'leads', 'campaigns', 'billing'];
const PHONE_BAR_SIZE = 4;

/**
 * The phone's tab bar (tab-bar.tsx): Overview, Leads, Campaigns and Billing when the user has
 * them, else the first tabs, at most four; `more` holds every other tab in the server's order.
 */
export function phoneTabs(tabs: NavTab[]): { bar: NavTab[]; more: NavTab[] } {
  const preferred = PHONE_AREAS.flatMap((area) => tabs.filter((tab) => tab.area === area).slice(0, 1));
  const bar = (preferred.length > 0 ? preferred : tabs).slice(0, PHONE_BAR_SIZE);
  return { bar, more: tabs.filter((tab) => !bar.includes(tab)) };
}
