import { describe, expect, it } from 'vitest';
import { ColumnWidthBody } from '../../../src/api/contracts/toolbar';
import { PAGES } from '../../../src/app/dashboard-routes';
import { navTabs } from '../../../src/app/tabs';
import { notificationUrl } from '../../../src/lib/notification-target';
import { ROUTES } from '../../../src/lib/routes';
import { defaultTabs } from '../../../src/lib/tabs';
import { clampWidth, MAX_WIDTH, MIN_WIDTH } from '../../../src/ui/table/use-column-resize';

describe('facts that must agree', () => {
  it('every default tab and subtab is a page of the router', () => {
    for (const options of [{}, { revconnect: true }, { socius: true }]) {
      for (const tab of navTabs(defaultTabs(options))) {
        expect(PAGES[tab.href], tab.href).toBeDefined();
        for (const subtab of tab.subtabs) expect(PAGES[subtab.href], subtab.href).toBeDefined();
      }
    }
  });

  it('new customers start with the tabs the server has always given them', () => {
    // server/domain/signup/signup.ts DEFAULT_TABS and server/seed/people.ts tabsFor, as they were written
    // before both switched to defaultTabs().
    const performance = (extra: string[]) =>
      ['Summary', 'Search', 'Social', 'Programmatic', ...extra].map((name) => ({
        name,
        path: name.toLowerCase(),
      }));
    const expected = (extra: string[]) => [
      { name: 'Overview', url: '/dashboard/overview' },
      { name: 'Performance', url: '/dashboard/performance/summary', subtabs: performance(extra) },
      { name: 'Leads', url: '/dashboard/leads' },
      { name: 'Campaigns', url: '/dashboard/campaigns' },
      {
        name: 'Billing',
        url: '/dashboard/billing/invoices',
        subtabs: [
          { name: 'Invoices', path: 'invoices' },
          { name: 'Payment Methods', path: 'payment-methods' },
        ],
      },
      { name: 'Products', url: '/dashboard/products' },
    ];
    expect(defaultTabs()).toEqual(expected([]));
    expect(defaultTabs({ revconnect: true })).toEqual(expected(['RevConnect']));
    expect(defaultTabs({ socius: true })).toEqual([{ name: 'Analytics', url: '/dashboard/analytics' }]);
  });

  it('every named route under /dashboard is a page, and notifications open pages', () => {
    const dashboardRoutes = Object.values(ROUTES).filter((path) => path.startsWith(`${ROUTES.dashboard}/`));
    for (const path of dashboardRoutes.filter((path) => path !== ROUTES.accountSettings)) {
      expect(PAGES[path], path).toBeDefined();
    }
    for (const index of ['billing', 'payment-methods', 'campaigns', 'leads']) {
      expect(PAGES[notificationUrl({ action: 'go_to', index, id: null })], index).toBeDefined();
    }
    expect(notificationUrl({ action: 'no_action', index: null, id: null })).toBe(ROUTES.overview);
  });

  it('the resize handle keeps widths within what the contract (and so the server) accepts', () => {
    const accepts = (width: number) =>
      !ColumnWidthBody.validate({ column_id: 'name', column_size: width })[0];
    expect(accepts(MIN_WIDTH)).toBe(true);
    expect(accepts(MIN_WIDTH - 1)).toBe(false);
    expect(accepts(MAX_WIDTH)).toBe(true);
    expect(accepts(MAX_WIDTH + 1)).toBe(false);
    for (const dragged of [0, 50, 100, 100.4, 333, 600.4, 5000])
      expect(accepts(clampWidth(dragged))).toBe(true);
  });
});
