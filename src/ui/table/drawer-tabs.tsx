/**
 * The tabs under a drawer's title and the panel they show (lead and campaign details): a WAI-ARIA
 * tablist where ArrowLeft/ArrowRight move between tabs (wrapping) and only the chosen tab is in
 * the tab order. Props in, JSX out; the drawer keeps which tab is chosen.
 */
import type { KeyboardEvent, ReactNode } from 'react';

export type DrawerTabsProps<T extends string> = {
  /** A useId() of the drawer: names the tabs and the panel. */
  id: string;
  label: string;
  tabs: readonly T[];
  labels: Record<T, string>;
  active: T;
  onChange: (tab: T) => void;
};

const tabId = (id: string, tab: string) => `${id}-tab-${tab}`;

export function DrawerTabs<T extends string>({
  id,
  label,
  tabs,
  labels,
  active,
  onChange,
}: DrawerTabsProps<T>) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(active) + step + tabs.length) % tabs.length];
    onChange(next);
    document.getElementById(tabId(id, next))?.focus();
  }
  return (
    <div className="drawer-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab}
          id={tabId(id, tab)}
          type="button"
          role="tab"
          aria-selected={tab === active}
          aria-controls={`${id}-panel`}
          tabIndex={tab === active ? 0 : -1}
          className="drawer-tabs__tab"
          onClick={() => onChange(tab)}
        >
          {labels[tab]}
        </button>
      ))}
    </div>
  );
}

export function DrawerTabPanel({
  id,
  active,
  children,
}: {
  id: string;
  active: string;
  children: ReactNode;
}) {
  return (
    <div
      id={`${id}-panel`}
      role="tabpanel"
      aria-labelledby={tabId(id, active)}
      className="drawer-tabs__panel"
    >
      {children}
    </div>
  );
}
