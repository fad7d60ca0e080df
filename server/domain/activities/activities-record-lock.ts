/**
 * The lock a save of an organization's one-row record (business, service or company details)
 * takes before its version check (lib/versions.ts).
 *
 * - A record that exists is locked by its own row (SELECT ... FOR UPDATE).
 * - A record that does not exist yet (version 0) has no row to lock: the organization's row is
 *   locked instead and the record read again, so two first saves made from version 0 are judged
 *   one after the other (the second sees the first's row and version 1).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema/identity';

/** `read` must select the record FOR UPDATE; answers it locked, or undefined with the org locked. */
export async function lockRecord<R>(
  db: Db,
  organizationId: number,
  read: () => Promise<R | undefined>,
): Promise<R | undefined> {
  const row = await read();
  if (row) return row;
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return read();
}
