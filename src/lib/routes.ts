/**
 * The app's own route paths, the one place a path is spelled: the router, the guard, sign-in's
 * landing, notification targets and the service worker's fallback all read them from here.
 *
 * - Paths are absolute and have no trailing slash; `dashboardPath(area, sub)` builds the rest.
 * - The server's tab urls (server/domain/signup/signup.ts, server/seed/people.ts) must name the same
 *   paths: the client renders tabs as the server sends them.
 */

export const ROUTES = {
  root: '/',
  login: '/login',
  signup: '/signup',
  become: '/become',
  dashboard: '/dashboard',
  overview: '/dashboard/overview',
  analytics: '/dashboard/analytics',
  leads: '/dashboard/leads',
  campaigns: '/dashboard/campaigns',
  invoices: '/dashboard/billing/invoices',
  paymentMethods: '/dashboard/billing/payment-methods',
  accountSettings: '/dashboard/account-settings',
  linkedAccounts: '/dashboard/account-settings/linked-accounts',
} as const;

/** `/dashboard/{area}` or `/dashboard/{area}/{sub}`. */
export const dashboardPath = (area: string, sub?: string) =>
  `${ROUTES.dashboard}/${area}${sub ? `/${sub}` : ''}`;
