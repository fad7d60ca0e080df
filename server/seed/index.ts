/**
 * Fills an empty database with the demo data, deterministically: the same seed and "today" give
 * the same rows. A database that already has users is left alone (later starts reopen it fast).
 *
 * At start (seedOnStart): only where the configuration allows it (config.seedDemo: the embedded
 * database by default, SEED_DEMO=on otherwise, never in production), and a production start over
 * demo accounts that still sign in with DEMO_PASSWORD, which the README publishes, is refused.
 */
import { verify } from '@node-rs/argon2';
import { count, like, sql } from 'drizzle-orm';
import { type Config, ConfigError } from '../config';
import { type Db, withTx } from '../db/client';
import { users } from '../db/schema/identity';
import { seedBusiness } from './business';
import { DEMO_PASSWORD, seedPeople } from './people';
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
  const customers = await withTx(db, async (tx) => {
    const people = await seedPeople(tx, rng.fork('people'), today);
    await seedBusiness({ db: tx, rng: rng.fork('business'), today, customers: people });
    return people;
  });
  // Fresh statistics, so the planner uses the indexes from the first query on.
  await db.execute(sql`ANALYZE`);
  return customers;
}

/** Every demo user's e-mail is on this domain (people.ts); no real customer's can be. */
const DEMO_DOMAIN = '@demo.test';

export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(like(users.email, `%${DEMO_DOMAIN}`));
  return row.n > 0;
}

/** The demo accounts that still sign in with DEMO_PASSWORD (one hash check per distinct hash). */
export async function accountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, hash: users.password_hash })
    .from(users)
    .where(like(users.email, `%${DEMO_DOMAIN}`));
  const open = new Map<string, boolean>();
  for (const { hash } of rows)
    if (hash && !open.has(hash)) open.set(hash, await verify(hash, DEMO_PASSWORD).catch(() => false));
  return rows.filter((row) => row.hash && open.get(row.hash)).map((row) => row.email);
}

/**
 * What start-up does with the data: seeds an empty database when config.seedDemo, and under
 * NODE_ENV=production refuses (ConfigError) a database whose demo accounts keep the demo password.
 */
export async function seedOnStart(db: Db, config: Config): Promise<DemoCustomer[] | null> {
  const seeded = config.seedDemo ? await seedDemo(db, { seed: config.seed, today: config.today }) : null;
  if (config.nodeEnv === 'production') {
    const open = await accountsWithDemoPassword(db);
    if (open.length > 0)
      throw new ConfigError(
        `This database holds demo accounts that sign in with the published demo password (${open.join(', ')}). ` +
          'Delete them, or give each its own password, before starting with NODE_ENV=production.',
      );
  }
  return seeded;
}
