/**
 * Shapes shared by every area's contracts. Wire fields stay snake_case as the spec has them.
 */
import { array, coerce, type Infer, object, record, refine, string, union } from 'superstruct';

/** Error body of every 4xx: a message, or field -> messages (422 on forms). */
export const ErrorBody = object({ errors: union([string(), record(string(), array(string()))]) });
export type ErrorBody = Infer<typeof ErrorBody>;

/** An email, trimmed when coerced (the forms trim on blur; the server trims too). */
export const Email = coerce(
  refine(
    string(),
    'Email',
    (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) || 'Please enter a valid email',
  ),
  string(),
  (value) => value.trim(),
);

export const NonEmpty = refine(
  string(),
  'NonEmpty',
  (value) => value.trim().length > 0 || 'This field is required',
);

/** An id in a path: digits only, so a malformed id is a 404, never a database error. */
/** A record id in a path: digits within PostgreSQL's integer, else simply not found. */
export const IdParam = object({
  id: refine(string(), 'Id', (v) => (/^\d{1,10}$/.test(v) && Number(v) <= 2_147_483_647) || 'Not found'),
});

/** The password rule of spec part 1 §5 lives with the other form rules (lib imports nothing of the app). */
export { passwordRule } from '../../lib/validation';
