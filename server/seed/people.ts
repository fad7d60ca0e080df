/**
 * The demo customers, their users, linked accounts, tabs, notifications and the staff member who
 * can impersonate them. Every password is DEMO_PASSWORD.
 */

import { hash } from '@node-rs/argon2';
import { defaultTabs } from '../../src/lib/tabs';
import type { Db } from '../db/client';
import { businessProfiles, organizations, staff, users } from '../db/schema/identity';
import { accounts, notifications, tabs } from '../db/schema/shell';
import type { Rng } from './rng';
import type { DemoCustomer, DemoKey } from './types';

export const DEMO_PASSWORD = 'Portal-demo-1!';
export const STAFF_EMAIL = 'staff@demo.test';

type Location = { city: string; state: string; zipcode: string };

const LOCATIONS: Location[] = [
  { city: 'Austin', state: 'TX', zipcode: '78701' },
  { city: 'Dallas', state: 'TX', zipcode: '75201' },
  { city: 'Houston', state: 'TX', zipcode: '77002' },
  { city: 'San Antonio', state: 'TX', zipcode: '78205' },
  { city: 'Phoenix', state: 'AZ', zipcode: '85004' },
  { city: 'Tucson', state: 'AZ', zipcode: '85701' },
  { city: 'Denver', state: 'CO', zipcode: '80202' },
  { city: 'Colorado Springs', state: 'CO', zipcode: '80903' },
  { city: 'Atlanta', state: 'GA', zipcode: '30303' },
  { city: 'Savannah', state: 'GA', zipcode: '31401' },
  { city: 'Charlotte', state: 'NC', zipcode: '28202' },
  { city: 'Raleigh', state: 'NC', zipcode: '27601' },
  { city: 'Nashville', state: 'TN', zipcode: '37203' },
  { city: 'Memphis', state: 'TN', zipcode: '38103' },
  { city: 'Orlando', state: 'FL', zipcode: '32801' },
  { city: 'Tampa', state: 'FL', zipcode: '33602' },
  { city: 'Jacksonville', state: 'FL', zipcode: '32202' },
  { city: 'Columbus', state: 'OH', zipcode: '43215' },
  { city: 'Cincinnati', state: 'OH', zipcode: '45202' },
  { city: 'Indianapolis', state: 'IN', zipcode: '46204' },
  { city: 'Kansas City', state: 'MO', zipcode: '64106' },
  { city: 'St. Louis', state: 'MO', zipcode: '63101' },
  { city: 'Oklahoma City', state: 'OK', zipcode: '73102' },
  { city: 'Omaha', state: 'NE', zipcode: '68102' },
  { city: 'Salt Lake City', state: 'UT', zipcode: '84101' },
  { city: 'Boise', state: 'ID', zipcode: '83702' },
  { city: 'Las Vegas', state: 'NV', zipcode: '89101' },
  { city: 'Albuquerque', state: 'NM', zipcode: '87102' },
];

type Spec = {
  key: DemoKey;
  email: string;
  first: string;
  last: string;
  title: string;
  org: string;
  categories: string[];
  franchise?: boolean;
  revconnect?: boolean;
  socius?: boolean;
  ad?: 'ad_0' | 'ad_1';
  /** [platform, ref id prefix, how many] */
  accounts: [string, string, number][];
};

const SPECS: Spec[] = [
  {
    key: 'owner',
    email: 'owner@demo.test',
    first: 'Maria',
    last: 'Alvarez',
    title: 'Owner',
    org: 'Summit Comfort Heating & Air',
    categories: ['HVAC'],
    accounts: [['live', 'LIVE', 1]],
  },
  {
    key: 'franchise',
    email: 'franchise@demo.test',
    first: 'Derek',
    last: 'Hollis',
    title: 'VP Marketing',
    org: 'BrightPath Roofing',
    categories: ['Roofing', 'Gutters'],
    franchise: true,
    revconnect: true,
    ad: 'ad_1',
    accounts: [['franchise', 'FR', 28]],
  },
  {
    key: 'direct',
    email: 'direct@demo.test',
    first: 'Tom',
    last: 'Becker',
    title: 'General Manager',
    org: 'Becker Plumbing Co.',
    categories: ['Plumbing'],
    ad: 'ad_0',
    accounts: [['direct', 'DIR', 1]],
  },
  {
    key: 'directories',
    email: 'directories@demo.test',
    first: 'Priya',
    last: 'Nair',
    title: 'Office Manager',
    org: 'ClearFlow Water Damage Restoration',
    categories: ['Water Damage', 'Mold Remediation'],
    accounts: [
      ['bpr', 'bpr', 2],
      ['fsr', 'fsr', 1],
    ],
  },
  {
    key: 'socius',
    email: 'socius@demo.test',
    first: 'Lena',
    last: 'Ortiz',
    title: 'Owner',
    org: 'Ortiz Electric',
    categories: ['Electrical'],
    socius: true,
    accounts: [['socius', 'SOC', 1]],
  },
  {
    key: 'multi',
    email: 'multi@demo.test',
    first: 'Sam',
    last: 'Whitaker',
    title: 'Operations Director',
    org: 'Whitaker Home Services',
    categories: ['HVAC', 'Plumbing', 'Electrical'],
    accounts: [
      ['live', 'LIVE', 2],
      ['direct', 'DIR', 1],
      ['bpr', 'bpr', 1],
    ],
  },
];

function tabsFor(spec: Spec) {
  return defaultTabs({ socius: spec.socius, revconnect: spec.revconnect });
}

export async function seedPeople(db: Db, rng: Rng, today: Date): Promise<DemoCustomer[]> {
  const passwordHash = await hash(DEMO_PASSWORD);
  await db.insert(staff).values({ email: STAFF_EMAIL, name: 'Dana Brooks (Support)' });
  const customers: DemoCustomer[] = [];
  let locationIndex = 0;
  for (const spec of SPECS) {
    const home = LOCATIONS[locationIndex % LOCATIONS.length];
    const [org] = await db
      .insert(organizations)
      .values({
        name: spec.org,
        address: `${rng.int(100, 9800)} ${rng.pick(['Main St', 'Oak Ave', 'Commerce Dr', 'Elm St', 'Industrial Blvd'])}, ${home.city}, ${home.state} ${home.zipcode}`,
        city: home.city,
        state: home.state,
        zipcode: home.zipcode,
        website: `https://www.${spec.org.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
        phone_number: `512555${String(rng.int(1000, 9999))}`,
        categories: spec.categories,
        is_franchise: Boolean(spec.franchise),
        show_revconnect: Boolean(spec.revconnect),
        time_zone:
          home.state === 'AZ'
            ? 'America/Phoenix'
            : home.state === 'CO'
              ? 'America/Denver'
              : 'America/Chicago',
      })
      .returning();
    const [user] = await db
      .insert(users)
      .values({
        organization_id: org.id,
        email: spec.email,
        password_hash: passwordHash,
        first_name: spec.first,
        last_name: spec.last,
        job_title: spec.title,
        phone_number: org.phone_number,
        is_socius: Boolean(spec.socius),
        show_ad: Boolean(spec.ad),
        ad_type: spec.ad ?? null,
      })
      .returning();
    await db.insert(businessProfiles).values({
      user_id: user.id,
      call_transfer_phone_number: org.phone_number,
      email_notification: spec.email,
      sms_notification: org.phone_number,
    });
    const accountRows = [];
    for (const [platform, prefix, count] of spec.accounts) {
      for (let i = 0; i < count; i++) {
        const place = spec.franchise
          ? LOCATIONS[i % LOCATIONS.length]
          : LOCATIONS[locationIndex++ % LOCATIONS.length];
        accountRows.push({
          organization_id: org.id,
          platform,
          ref_id: `${prefix}-${org.id}${String(accountRows.length + 1).padStart(3, '0')}`,
          brand: platform,
          name:
            count > 1 || spec.accounts.length > 1 ? `${spec.org} - ${place.city}, ${place.state}` : spec.org,
          username: `${spec.key}.${place.city.toLowerCase().replace(/[^a-z]+/g, '')}`,
          city: place.city,
          state: place.state,
          zipcode: place.zipcode,
          show_multiple_destination_phones: spec.key === 'multi',
          settings: {
            destination_phone: org.phone_number,
            sms_phone: org.phone_number,
            email_notification: spec.email,
          },
        });
      }
    }
    const inserted = await db.insert(accounts).values(accountRows).returning();
    await db.insert(tabs).values(tabsFor(spec).map((t, position) => ({ user_id: user.id, position, ...t })));
    await db.insert(notifications).values(notificationsFor(user.id, rng, today));
    customers.push({
      key: spec.key,
      organization_id: org.id,
      user_id: user.id,
      email: spec.email,
      accounts: inserted.map((a) => ({
        id: a.id,
        ref_id: a.ref_id,
        platform: a.platform,
        name: a.name,
        zipcode: a.zipcode,
      })),
    });
  }
  return customers;
}

/** The seeded "invoice ready" notification: seedBilling points it at the customer's newest invoice. */
export const INVOICE_READY =
  'Your invoice for last month is ready. Review it and pay online in a few clicks.';

function notificationsFor(userId: number, rng: Rng, today: Date) {
  const day = 24 * 3600_000;
  const base = today.getTime() - 6 * day;
  const items = [
    {
      message: INVOICE_READY,
      action: 'go_to',
      index: 'billing',
    },
    {
      message: 'Your card ending 4242 expires soon. Add a new payment method to avoid interruptions.',
      action: 'go_to',
      // The spec's go_to indexes for notifications are billing and campaigns (part 1 §2); billing
      // without an id opens the payment methods (src/lib/notification-target.ts).
      index: 'billing',
    },
    {
      message: 'A campaign budget was adjusted by your account manager.',
      action: 'go_to',
      index: 'campaigns',
    },
    {
      message: 'Welcome to your new customer portal! Explore leads, campaigns and billing from one place.',
      action: 'no_action',
      index: null,
    },
  ];
  return items.map((n, i) => ({
    user_id: userId,
    ...n,
    is_read: i === 3,
    created_at: new Date(base + (i + 1) * day + rng.int(0, day)),
  }));
}
