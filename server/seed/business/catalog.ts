/**
 * Seeds the catalogue (services, price categories, review types, products, packages, upsells,
 * banners, account managers), the sign-up sources (legacy accounts, sign-up leads) and each demo
 * organization's products and server-driven settings.
 */
import type { Db } from '../../db/client';
import {
  accountManagers,
  banners,
  organizationProducts,
  organizationSettings,
  packages,
  priceCategories,
  products,
  reviewTypes,
  services,
  upsells,
} from '../../db/schema/catalog';
import { legacyAccounts, signupLeads } from '../../db/schema/signup';
import type { DemoCustomer, DemoKey } from '../types';
import { bulkInsert } from './bulk';
import { addDays } from './calendar';
import {
  ACCOUNT_MANAGERS,
  CATEGORIES,
  LEGACY_ACCOUNTS,
  PACKAGES,
  PRODUCTS,
  REVIEW_TYPES,
  SIGNUP_LEADS,
  UPSELLS,
} from './catalog-data';

export async function seedCatalog(db: Db, today: Date) {
  await bulkInsert(
    db,
    services,
    CATEGORIES.map(([name, label], i) => ({ id: i + 1, name, label, position: i })),
  );
  await bulkInsert(
    db,
    priceCategories,
    CATEGORIES.map(([name, label, min, max], i) => ({
      id: i + 1,
      name,
      label,
      min_price_cents: min * 100,
      max_price_cents: max * 100,
      position: i,
    })),
  );
  await bulkInsert(
    db,
    reviewTypes,
    REVIEW_TYPES.map(([key, label], i) => ({ id: i + 1, key, label, position: i })),
  );
  await bulkInsert(
    db,
    products,
    PRODUCTS.map(([key, name], position) => ({ key, name, position })),
  );
  await bulkInsert(
    db,
    packages,
    PACKAGES.map(([product_key, key, title, is_hidden, hours_per_month, price], position) => ({
      product_key,
      key,
      title,
      position,
      is_hidden,
      hours_per_month,
      monthly_price_cents: price === null ? null : price * 100,
    })),
  );
  await bulkInsert(
    db,
    accountManagers,
    ACCOUNT_MANAGERS.map((m, i) => ({ id: i + 1, ...m })),
  );
  await bulkInsert(
    db,
    upsells,
    UPSELLS.map((u, position) => ({ id: position + 1, organization_id: null, ...u, active: true, position })),
  );
  await bulkInsert(db, banners, [
    {
      id: 1,
      organization_id: null,
      placement: 'analytics',
      text: 'See which campaigns turn into booked jobs: connect your sales data with RevConnect.',
      call_to_action_link: '/dashboard/products#ppm',
      call_to_action_label: 'Learn More',
      active: true,
    },
  ]);
  await bulkInsert(
    db,
    legacyAccounts,
    LEGACY_ACCOUNTS.map((a, i) => ({
      id: i + 1,
      ...a,
      platform: 'live',
      lead_credit_cents: 250000,
      claimed_by_user_id: null,
      claimed_at: null,
      created_at: addDays(today, -900 + i * 40),
    })),
  );
  await bulkInsert(
    db,
    signupLeads,
    SIGNUP_LEADS.map((l, i) => ({
      id: i + 1,
      ...l,
      converted_user_id: null,
      converted_at: null,
      created_at: addDays(today, -20 + i * 5),
    })),
  );
}

/** [product, active, packages, local_listing, grade] per demo customer. */
const ORG_PRODUCTS: Record<DemoKey, [string, boolean, string[], boolean, string | null][]> = {
  owner: [
    ['pay_per_call', true, ['pay_per_call'], false, null],
    ['seo', true, ['expand'], false, 'B'],
    ['website', true, ['prime'], false, 'B-'],
  ],
  franchise: [
    ['paid_media', true, ['paid_search', 'lsa', 'social', 'programmatic'], false, null],
    ['ppm', true, ['performance_paid_media'], false, null],
    ['website', true, ['pro'], false, 'A-'],
  ],
  direct: [
    ['ppm', true, ['performance_paid_media'], false, null],
    ['paid_media', true, ['paid_search', 'social', 'programmatic'], false, null],
  ],
  directories: [['directories', true, ['print_guidebooks'], true, null]],
  socius: [['paid_media', true, ['social'], false, null]],
  multi: [
    ['pay_per_call', true, ['pay_per_call'], false, null],
    ['ppm', true, ['performance_paid_media'], false, null],
    ['directories', true, ['print_guidebooks'], false, null],
  ],
};

const MANAGER: Record<DemoKey, number> = {
  owner: 1,
  franchise: 2,
  direct: 3,
  directories: 1,
  socius: 2,
  multi: 3,
};

export async function seedOrganizationCommerce(db: Db, today: Date, customers: DemoCustomer[]) {
  const productRows: (typeof organizationProducts.$inferInsert)[] = [];
  const settingRows: (typeof organizationSettings.$inferInsert)[] = [];
  for (const customer of customers) {
    const mine = ORG_PRODUCTS[customer.key];
    for (const [key] of PRODUCTS) {
      const found = mine.find(([k]) => k === key);
      productRows.push({
        organization_id: customer.organization_id,
        product_key: key,
        active: found?.[1] ?? false,
        packages: found?.[2] ?? [],
        local_listing: found?.[3] ?? false,
        grade: found?.[4] ?? null,
        updated_at: addDays(today, -30),
      });
    }
    settingRows.push({
      organization_id: customer.organization_id,
      account_manager_id: MANAGER[customer.key],
      seo_active: customer.key === 'owner',
      can_add_account: customer.key !== 'socius',
      can_create_campaign: ['owner', 'multi', 'directories'].includes(customer.key),
      can_create_payment_method: true,
      unlock_weekend_hours: customer.key === 'owner',
      agency_api_key: `demo-agency-${customer.organization_id}-${customer.key}`,
      support_phone: '8005550100',
      created_at: addDays(today, -400),
    });
  }
  await bulkInsert(db, organizationProducts, productRows);
  await bulkInsert(db, organizationSettings, settingRows);
}
