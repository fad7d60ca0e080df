/**
 * The dashboard screens the per-screen figures of `npm run bench` visit (issue 26), and what a
 * screen's first content is.
 *
 * - SCREENS is every page of the dashboard's route table (src/app/dashboard-routes.tsx), built
 *   from the same tab sets (src/lib/tabs.ts), so a sub-page added there is benched too. Not every
 *   account has every page: a path the app redirects (the franchise's /dashboard/performance goes
 *   to the summary, badges without badges to the profile) is reported as such, not scored twice.
 * - CONTENT names, per screen, an element that only real content draws (a row, a tile's value,
 *   a card), never the shell or a placeholder; `contentShown` adds that it is laid out, visible and
 *   not inside a part still loading (`aria-busy`, FirstReads).
 * - `pick(list, BENCH_X_SCREENS)` keeps the paths containing one of the comma-separated parts.
 */
import type { Page } from 'playwright-core';
import { dashboardPath, ROUTES } from '../../src/lib/routes';
import {
  ACCOUNT_SETTINGS_SUBTABS,
  BILLING_SUBTABS,
  PERFORMANCE_SUBTABS,
  type SubtabSpec,
  subtabPaths,
} from '../../src/lib/tabs';

export const ACCOUNTS = ['owner@demo.test', 'franchise@demo.test'] as const;
export const PASSWORD = 'Portal-demo-1!';

const area = (name: string, subtabs: readonly SubtabSpec[]) =>
  subtabPaths(subtabs).map((sub) => dashboardPath(name, sub));

export const SCREENS: readonly string[] = [
  ROUTES.overview,
  dashboardPath('overview', 'qsp'),
  dashboardPath('performance'),
  ...area('performance', PERFORMANCE_SUBTABS),
  dashboardPath('performance', 'devices'),
  ROUTES.leads,
  ROUTES.campaigns,
  ...area('billing', BILLING_SUBTABS),
  ...area('account-settings', ACCOUNT_SETTINGS_SUBTABS),
  dashboardPath('products'),
  dashboardPath('services'),
  ROUTES.analytics,
];

const PERF_FIGURE = '.perf-stat__value, .perf-card__figures';

/** Real content per screen (first match wins); a screen not listed counts its page heading's sibling. */
const CONTENT: Record<string, string> = {
  [ROUTES.overview]: '.activity-row',
  [dashboardPath('overview', 'qsp')]: '.qsp-month, .overview-page .activity-manager__muted',
  [dashboardPath('performance', 'devices')]: '.perf-table tbody tr',
  [ROUTES.leads]: '.leads-table__open',
  [ROUTES.campaigns]: '.campaigns-table__row',
  [ROUTES.invoices]: '.invoice-status',
  [ROUTES.paymentMethods]: '.method-card',
  [dashboardPath('account-settings', 'profile')]: '.profile-summary__value',
  [ROUTES.linkedAccounts]: '.account-card',
  [dashboardPath('account-settings', 'security')]: '.password-input',
  [dashboardPath('account-settings', 'badges')]: '.settings-card',
  [dashboardPath('products')]: '.accordion__item',
  [dashboardPath('services')]: '.partner-card',
  // Once the embed's key is read: the frame, or offline the note that it needs a connection.
  [ROUTES.analytics]: '.analytics__frame, .analytics__state[role="status"]',
};

export const contentSelector = (path: string) =>
  CONTENT[path] ?? (path.startsWith(dashboardPath('performance')) ? PERF_FIGURE : '.shell-main h1 + *');

/** What the page's own script checks (a string: it runs in the page, before the app). */
export const CONTENT_SHOWN = `(el) => Boolean(el) && !el.closest('[aria-busy="true"], [hidden]') &&
  el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' &&
  (el.tagName === 'IFRAME' || el.querySelector('input') !== null || el.textContent.trim() !== '')`;

export function pick(paths: readonly string[], filter: string | undefined): string[] {
  const parts = (filter ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length ? paths.filter((path) => parts.some((part) => path.includes(part))) : [...paths];
}

export async function signIn(page: Page, base: string, email: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in and waits for the dashboard, declining the sign-in ad when it is offered. */
export async function signInToDashboard(page: Page, base: string, email: string) {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/client/create_session'));
  await signIn(page, base, email);
  const { show_ad } = (await (await answer).json()) as { show_ad?: boolean };
  await page.waitForURL('**/dashboard/**');
  if (show_ad) await page.getByRole('button', { name: 'Not now' }).click();
  await page.locator('.shell-main h1').first().waitFor({ timeout: 30_000 });
}
