/**
 * The contracts' rule lists (src/api/contracts/account.ts) as a form's field rules: the same
 * rules the server checks, never a second copy.
 */
import type { Rule } from '../../lib/validation';
import { check } from '../../lib/validation';
import type { FieldRules } from '../../ui/form/rules-struct';

export function formRules<V extends Record<string, unknown>>(
  lists: Partial<Record<keyof V & string, Rule[]>>,
): FieldRules<V> {
  const rules: FieldRules<V> = {};
  for (const [name, list] of Object.entries(lists) as [keyof V & string, Rule[]][]) {
    rules[name] = (value: string) => check(value, ...list);
  }
  return rules;
}
