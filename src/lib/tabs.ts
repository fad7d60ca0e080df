/**
 * The canonical tab set: the dashboard's areas, their sub-pages and the tabs a customer starts
 * with. The client's routes and fallbacks read it here; the server's default tabs
 * (server/domain/signup/signup.ts) and the demo seed (server/seed/people.ts) build theirs from
 * `defaultTabs()`, so a tab the router does not know can never be handed to a user.
 *
 * - Sub-page lists are in display order (the header's dropdown order).
 * - A tab's url is a route of lib/routes.ts; a subtab's path is relative to its tab's area.
 */
import { dashboardPath, ROUTES } from './routes';

export type SubtabSpec = { name: string; path: string };
export type TabSpec = { name: string; url: string; subtabs?: SubtabSpec[] };

/** Performance's pages in the spec's order (part 1 §2); RevConnect only for accounts with the flag. */
export const PERFORMANCE_SUBTABS: readonly SubtabSpec[] = [
  { name: 'Summary', path: 'summary' },
  { name: 'Social', path: 'social' },
  { name: 'Search', path: 'search' },
  { name: 'Programmatic', path: 'programmatic' },
  { name: 'RevConnect', path: 'revconnect' },
];

export const BILLING_SUBTABS: readonly SubtabSpec[] = [
  { name: 'Invoices', path: 'invoices' },
  { name: 'Payment Methods', path: 'payment-methods' },
];

export const ACCOUNT_SETTINGS_SUBTABS: readonly SubtabSpec[] = [
  { name: 'Profile', path: 'profile' },
  { name: 'Linked Accounts', path: 'linked-accounts' },
  { name: 'Security', path: 'security' },
  { name: 'Badges', path: 'badges' },
];

export const subtabPaths = (subtabs: readonly SubtabSpec[]) => subtabs.map((subtab) => subtab.path);

/**
 * The order the server has always given new customers' Performance tab (sign-up and the demo
 * seed; the shell's browser test walks it), which differs from the spec's fallback order above.
 */
const STARTING_PERFORMANCE_ORDER = ['summary', 'search', 'social', 'programmatic', 'revconnect'];

const byPath = (subtabs: readonly SubtabSpec[], paths: readonly string[]) =>
  paths.flatMap((path) => subtabs.filter((subtab) => subtab.path === path).map((subtab) => ({ ...subtab })));

/**
 * The tabs a customer starts with: socius accounts see Analytics only; RevConnect is listed only
 * with the flag (without it the page shows its promo, reached by address).
 */
export function defaultTabs({ socius = false, revconnect = false } = {}): TabSpec[] {
  if (socius) return [{ name: 'Analytics', url: ROUTES.analytics }];
  return [
    { name: 'Overview', url: ROUTES.overview },
    {
      name: 'Performance',
      url: dashboardPath('performance', 'summary'),
      subtabs: byPath(
        PERFORMANCE_SUBTABS,
        STARTING_PERFORMANCE_ORDER.filter((path) => revconnect || path !== 'revconnect'),
      ),
    },
    { name: 'Leads', url: ROUTES.leads },
    { name: 'Campaigns', url: ROUTES.campaigns },
    { name: 'Billing', url: ROUTES.invoices, subtabs: byPath(BILLING_SUBTABS, subtabPaths(BILLING_SUBTABS)) },
    { name: 'Products', url: dashboardPath('products') },
  ];
}
