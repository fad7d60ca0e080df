/**
 * Fills an empty database with the demo data, deterministically: the same seed and "today" give
 * the same rows. A database that already has users is left alone (later starts reopen it fast).
 */
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/identity';
import { seedBusiness } from './business';
import { seedPeople } from './people';
import { createRng } from './rng';
import type { DemoCustomer } from './types';

export type SeedOptions = { seed: number; today?: string };

/** The seed's "today" as a UTC midnight (real today unless pinned, e.g. for reproducible tests). */
export function seedToday(today?: string): Date {
  const day = today ?? new Date().toISOString().slice(0, 10);
  return new Date(`${day}T00:00:00.000Z`);
}

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return row.n > 0;
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<DemoCustomer[] | null> {
  if (await isSeeded(db)) return null;
  const rng = createRng(options.seed);
  const today = seedToday(options.today);
  // One transaction: an interrupted first start leaves an empty database, seeded again next time.
  const customers = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const people = await seedPeople(tx, rng.fork('people'), today);
    await seedBusiness({ db: tx, rng: rng.fork('business'), today, customers: people });
    return people;
  });
  // Fresh statistics, so the planner uses the indexes from the first query on.
  await db.execute(sql`ANALYZE`);
  return customers;
}
