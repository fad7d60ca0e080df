/**
 * The billing area's two tabs, Invoices and Payment Methods, above each billing screen (the
 * header's Billing dropdown has them too, but a customer switching between paying and managing
 * cards should not have to open a menu, least of all on a phone).
 */
import { Link, useLocation } from 'wouter';
import { dashboardPath } from '../../lib/routes';

const TABS = [
  { name: 'Invoices', href: dashboardPath('billing', 'invoices') },
  { name: 'Payment Methods', href: dashboardPath('billing', 'payment-methods') },
];

export function BillingTabs() {
  const [path] = useLocation();
  return (
    <nav className="billing-tabs" aria-label="Billing">
      {TABS.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          className="billing-tabs__link"
          aria-current={path === tab.href ? 'page' : undefined}
        >
          {tab.name}
        </Link>
      ))}
    </nav>
  );
}
