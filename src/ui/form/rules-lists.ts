/**
 * The one way to build a form's field rules from rule lists (src/lib/validation `Rule[]`): the
 * contracts' lists (PROFILE_RULES, PAID_MEDIA_RULES, SETTINGS_RULES in src/api/contracts) and
 * src/lib/validation's (loginRules), the same rules the server checks, never a second copy.
 *
 * - A field's message is its list's first failing rule (lib/validation `check`).
 * - Only the listed fields get a rule; a rule that reads other values (a confirmation, a list
 *   field) is added beside the result: `{ ...fieldRules<V>(LISTS), confirm: (value, values) => ... }`.
 */
import { check, type Rule } from '../../lib/validation';
import type { FieldRules } from './rules-struct';

export function fieldRules<V extends Record<string, unknown>>(
  lists: Partial<Record<keyof V & string, readonly Rule[]>>,
): FieldRules<V> {
  const rules: FieldRules<V> = {};
  for (const [name, list] of Object.entries(lists) as [keyof V & string, readonly Rule[]][]) {
    rules[name] = (value: string) => check(value, ...list);
  }
  return rules;
}
