/**
 * Versions of edited records (the model is src/api/contracts/versions.ts): the one check every
 * editing route runs before it changes anything.
 *
 * - checkVersion() runs inside the write's transaction (mutate()), AFTER the record is locked
 *   (SELECT ... FOR UPDATE, or the campaign lock of ownCampaign): two writes made from the same
 *   version cannot both pass, the second waits and then sees the first's version.
 * - It runs inside mutate()'s effect, so an outbox replay of a write already applied (same
 *   Idempotency-Key) answers its stored response before any check: never a 409 for our own write.
 *   A refused write rolls back with its key, so "keep mine" (a new key) is judged afresh.
 * - No based_on_version (an older client): the write applies as before.
 * - The 409 carries the record's version and value now, in the write body's shape.
 */
import { CONFLICT_MESSAGE, type ConflictAnswer } from '../../src/api/contracts/versions';
import { HttpError } from './errors';

export class ConflictError extends HttpError {
  constructor(version: number, current: Record<string, unknown>) {
    const body: ConflictAnswer = { errors: CONFLICT_MESSAGE, conflict: { version, current } };
    super(409, body);
  }
}

/**
 * Refuses a write made from another version than the record's `version`. `current` answers the
 * record's value as the write's body would state it (only computed for a conflict).
 */
export async function checkVersion(
  basedOn: number | undefined,
  version: number,
  current: () => Promise<Record<string, unknown>> | Record<string, unknown>,
): Promise<void> {
  if (basedOn === undefined || basedOn === version) return;
  throw new ConflictError(version, await current());
}
