/**
 * Versions of the records a write edits (a lead's review, a campaign's status and call schedule,
 * a county's status and zip targeting, My Profile's sections and logo, a linked account's
 * settings, business, service and company details), shared by the server (server/lib/versions.ts)
 * and the client (sync/outbox-conflicts.ts).
 *
 * - A record's read answer carries its version: a whole number that every edit raises by one (a
 *   record that does not exist yet, such as a lead never reviewed, is version 0).
 * - An editing write sends `based_on_version`, the version it was made from. The server applies it
 *   only while that is still the record's version; otherwise it answers 409 with ConflictAnswer:
 *   the record's version and value now, in the write body's own shape, so the outbox can show both
 *   and resend the user's change on the new version. A write without it (an older client) applies
 *   as before. Appending writes (a notification read) carry none.
 */
import { type Infer, integer, max, min, object, optional, record, string, unknown } from 'superstruct';

export const Version = max(min(integer(), 0), 2_147_483_647);

/** The field an editing write's body carries (optional: older clients send none). */
export const BasedOn = object({ based_on_version: optional(Version) });

/** A read's version field: optional so a copy stored before versions existed still reads. */
export const ReadVersion = optional(Version);

export const CONFLICT_MESSAGE =
  'This was changed on another device or by someone else after you made your change.';

export const Conflict = object({
  /** The record's version now: "keep mine" resends the change based on it. */
  version: Version,
  /** The record's value now, with the write body's field names. */
  current: record(string(), unknown()),
});
export type Conflict = Infer<typeof Conflict>;

/** A 409's body. */
export const ConflictAnswer = object({ errors: string(), conflict: Conflict });
export type ConflictAnswer = Infer<typeof ConflictAnswer>;
