/** How a filter condition reads in the menus and chips: 'Service does not equal Roofing'. */
import type { FilterCondition, FilterField } from '../../api/contracts/toolbar';

const OP_WORDS: Record<string, string> = {
  equals: 'is',
  not_equals: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
};

export function describeCondition(condition: FilterCondition, fields: FilterField[]): string {
  const field = fields.find((f) => f.name === condition.name);
  const label = field?.label ?? condition.name.replace(/_/g, ' ');
  const value = field?.values?.find((v) => v.name === condition.value)?.label ?? condition.value;
  return `${label} ${OP_WORDS[condition.op] ?? condition.op} ${value}`;
}

export const describeFilters = (filters: FilterCondition[], fields: FilterField[]) =>
  filters.map((c) => describeCondition(c, fields)).join(', ');

/** The operator is fixed to equals unless the field offers more (spec: only service does). */
export const operatorsOf = (field: FilterField | undefined) =>
  field && field.op.length > 0 ? field.op : [{ name: 'equals' as const, label: 'Equals' }];

/** Fields with an option list use a dropdown for equality; text operators take typed text. */
export const usesDropdown = (field: FilterField | undefined, op: string) =>
  Boolean(field?.values?.length) && (op === 'equals' || op === 'not_equals');
