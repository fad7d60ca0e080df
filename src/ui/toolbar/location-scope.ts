/**
 * Which locations a list's filters leave, for the Export modal (spec part 3 §2.6 shows the
 * location count; issue 51 item 4: it also names the location filter that applies).
 *
 * Counted as the server reads the conditions (server/domain/leads/leads-filters.ts): the
 * `location` field compares a location's ref id, case-insensitively; several 'equals' on it are
 * alternatives, every other condition must hold.
 */
import type { FilterCondition, FilterField } from '../../api/contracts/toolbar';
import { describeCondition } from './filter-text';

export type LocationScope = {
  /** Locations the export covers. */
  applied: number;
  /** The customer's locations. */
  total: number;
  /** What narrows them, in words ("filtered by Location is Austin North"), or null when nothing does. */
  by: string | null;
};

const FIELD = 'location';

function holds(condition: FilterCondition, ref: string): boolean {
  const value = condition.value.trim().toLowerCase();
  const own = ref.toLowerCase();
  switch (condition.op) {
    case 'equals':
      return own === value;
    case 'not_equals':
      return own !== value;
    case 'contains':
      return own.includes(value);
    case 'not_contains':
      return !own.includes(value);
  }
}

/** The list's locations left by `filters`, with the location conditions in words. */
export function locationScope(filters: FilterCondition[], fields: FilterField[]): LocationScope {
  const refs = (fields.find((f) => f.name === FIELD)?.values ?? []).map((v) => v.name);
  const total = Math.max(refs.length, 1);
  const conditions = filters.filter((c) => c.name === FIELD);
  if (!conditions.length || !refs.length) return { applied: total, total, by: null };
  const either = conditions.filter((c) => c.op === 'equals');
  const every = conditions.filter((c) => c.op !== 'equals');
  const applied = refs.filter(
    (ref) => (!either.length || either.some((c) => holds(c, ref))) && every.every((c) => holds(c, ref)),
  ).length;
  const words = [
    either.map((c) => describeCondition(c, fields)).join(' or '),
    ...every.map((c) => describeCondition(c, fields)),
  ].filter(Boolean);
  return { applied, total, by: `filtered by ${words.join(', ')}` };
}

/** "All 28", "2 of 28", or "1" for a single location. */
export function scopeCount({ applied, total }: LocationScope): string {
  if (total === 1) return String(applied);
  return applied === total ? `All ${total}` : `${applied} of ${total}`;
}
