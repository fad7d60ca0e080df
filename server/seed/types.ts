/** What the people seed (users, organizations, accounts) hands to the business-data seed. */
import type { Db } from '../db/client';
import type { Rng } from './rng';

export type DemoKey = 'owner' | 'franchise' | 'direct' | 'directories' | 'socius' | 'multi';

export type DemoAccount = {
  id: number;
  ref_id: string;
  platform: string;
  name: string;
  zipcode: string | null;
};

export type DemoCustomer = {
  key: DemoKey;
  organization_id: number;
  user_id: number;
  email: string;
  accounts: DemoAccount[];
};

export type SeedContext = {
  db: Db;
  rng: Rng;
  /** The last day of generated facts (the seed's "today", a UTC midnight). */
  today: Date;
  customers: DemoCustomer[];
};
