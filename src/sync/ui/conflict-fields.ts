/**
 * A conflict in plain words, field by field: the user's change (the queued body) beside the
 * record's value on the server now (the 409's `current`, which uses the body's field names).
 *
 * - Only the record's own fields are compared (those the server stated); bookkeeping fields
 *   (based_on_version, activity_id) never show.
 * - A field the change left out counts as empty, as the server stores it.
 * - Values read as a person would say them: Yes/No, lists joined, a week of hours per day, a file
 *   the change uploads as a new file (the server states its own file by name).
 * - Labels are the field names in words, or the form's own label where it differs (LABELS).
 */
export type ConflictField = { name: string; label: string; mine: string; theirs: string };

const HIDDEN = new Set(['based_on_version', 'activity_id']);
const EMPTY = '(empty)';
const NEW_FILE = 'A new file from this device';

/** Fields whose form label is not their name in words (the forms' own labels). */
const LABELS: Record<string, string> = {
  locations: 'Targeted zip codes',
  owned: 'Company size',
  other_owned: 'Other company size',
  established_year: 'Year established',
  emp_distinctions: 'Our employees',
  // Profile Details labels job_title Role (spec part 2, Client business_profile).
  job_title: 'Role',
};

/** snake_case -> 'Sentence case'. */
const words = (key: string) => {
  const text = key.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** One day of hours ({day, is_opened, is_24_hours, from, to}) as 'Monday 08:00-17:30'. */
function dayText(day: Record<string, unknown>): string {
  const name = words(String(day.day ?? ''));
  if (!day.is_opened) return `${name} closed`;
  if (day.is_24_hours) return `${name} 24 hours`;
  return `${name} ${day.from ?? '?'}\u2013${day.to ?? '?'}`;
}

export function valueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return EMPTY;
  // A file the change uploads: its body holds outbox-files.ts's `$upload` marker (replaced by the
  // uploaded file's id when sent), where the server's value names its file.
  if (typeof value === 'object' && '$upload' in value) return NEW_FILE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  // Keys such as 'wrong_number' or 'paused' read as words; other text (notes, emails) as typed.
  if (typeof value === 'string') return /^[a-z]+(_[a-z0-9]+)*$/.test(value) ? words(value) : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return EMPTY;
    return value
      .map((entry) =>
        entry && typeof entry === 'object' && 'day' in entry
          ? dayText(entry as Record<string, unknown>)
          : valueText(entry),
      )
      .join(', ');
  }
  return JSON.stringify(value);
}

/** The fields whose values differ, in the server's order. */
export function conflictFields(mine: unknown, current: Record<string, unknown>): ConflictField[] {
  const body = mine && typeof mine === 'object' ? (mine as Record<string, unknown>) : {};
  return Object.keys(current)
    .filter((name) => !HIDDEN.has(name))
    .map((name) => ({
      name,
      label: LABELS[name] ?? words(name),
      mine: valueText(body[name]),
      theirs: valueText(current[name]),
    }))
    .filter((field) => field.mine !== field.theirs);
}
