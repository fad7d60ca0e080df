import { describe, expect, it } from 'vitest';
import { badgeText, unreadByArea } from '../../../src/app/tab-badges';
import { navTabs, phoneTabs } from '../../../src/app/tabs';
import { defaultTabs } from '../../../src/lib/tabs';

const names = (tabs: { name: string }[]) => tabs.map((tab) => tab.name);

describe('phoneTabs (issue 51 item 8)', () => {
  it('puts Overview, Leads, Campaigns and Billing in the bar and the rest under More', () => {
    const { bar, more } = phoneTabs(navTabs(defaultTabs()));
    expect(names(bar)).toEqual(['Overview', 'Leads', 'Campaigns', 'Billing']);
    expect(names(more)).toEqual(['Performance', 'Products']);
  });

  it('keeps the bar order whatever order the server gives, and leaves More empty when all fit', () => {
    const tabs = navTabs([
      { name: 'Leads', url: '/dashboard/leads' },
      { name: 'Overview', url: '/dashboard/overview' },
    ]);
    expect(names(phoneTabs(tabs).bar)).toEqual(['Overview', 'Leads']);
    expect(phoneTabs(tabs).more).toEqual([]);
  });

  it('shows the first tabs when the user has none of the main sections (a socius account)', () => {
    const { bar, more } = phoneTabs(navTabs(defaultTabs({ socius: true })));
    expect(names(bar)).toEqual(['Analytics']);
    expect(more).toEqual([]);
    const many = navTabs(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((area) => ({ name: area.toUpperCase(), url: `/dashboard/${area}` })),
    );
    expect(names(phoneTabs(many).bar)).toEqual(['A', 'B', 'C', 'D']);
    expect(names(phoneTabs(many).more)).toEqual(['E', 'F']);
  });

  it('has no tabs for a user without any', () => {
    expect(phoneTabs([])).toEqual({ bar: [], more: [] });
  });
});

describe('unreadByArea', () => {
  const row = (action: string, index: string | null, id: number | null, is_read = false) => ({
    action,
    index,
    id,
    is_read,
  });

  it('counts unread notifications by the section they open', () => {
    const counts = unreadByArea([
      row('go_to', 'leads', 41),
      row('go_to', 'leads', 42),
      row('go_to', 'leads', 43, true),
      row('go_to', 'billing', 7),
      row('go_to', 'payment-methods', null),
      row('go_to', 'performance/search', null),
    ]);
    expect(Object.fromEntries(counts)).toEqual({ leads: 2, billing: 2, performance: 1 });
  });

  it('counts no tab for a notification that opens no page', () => {
    const counts = unreadByArea([
      row('download', null, 12),
      row('no_action', 'leads', 3),
      row('go_to', '//evil.example', null),
      row('go_to', null, null),
    ]);
    expect(counts.size).toBe(0);
  });

  it('shortens counts past 99', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
