/**
 * Leads search on the device, for when the server cannot answer a list request that was never
 * cached: every lead row of every stored POST /leads answer, deduplicated, then filtered, searched
 * and sorted here the way the server would (leads-filters.ts is the reference).
 *
 * - Pure functions: `indexLeads` once per change of the stored answers (it precomputes each
 *   row's search text and local day), `searchLocal` per keystroke; 10,000 rows take milliseconds.
 * - A condition on a field the rows do not carry (location, source, ...) cannot be checked here:
 *   it is skipped and reported in `skipped`, never silently treated as a match of nothing.
 */
import type { LeadRow, LeadsStatistic } from '../../api/contracts/leads';
import type { FilterCondition } from '../../api/contracts/toolbar';
import { dayInZone } from '../../lib/time-zone';

export type IndexedLead = { row: LeadRow; text: string; day: string; cells: Map<string, string> };

export type LocalCriteria = {
  query?: string;
  filters?: FilterCondition[];
  start_date?: string;
  end_date?: string;
  order: 'asc' | 'desc';
  order_by: string;
};

export type LocalResult = {
  rows: LeadRow[];
  statistic: LeadsStatistic;
  skipped: string[];
};

/** Rows from stored list answers, newest copy of each lead first wins. */
export function indexLeads(
  answers: { stored_at: number; leads: LeadRow[] }[],
  zone?: string | null,
): IndexedLead[] {
  const byId = new Map<number, IndexedLead>();
  const newestFirst = [...answers].sort((a, b) => b.stored_at - a.stored_at);
  for (const answer of newestFirst) {
    for (const row of answer.leads) {
      if (byId.has(row.lead_id)) continue;
      const cells = new Map(row.data.map((c) => [c.name, c.value ?? '']));
      const text = [row.ref_id, ...cells.values()].join('\u0001').toLowerCase();
      byId.set(row.lead_id, { row, text, day: dayInZone(row.created_at, zone), cells });
    }
  }
  return [...byId.values()];
}

const TRUE_WORDS = new Set(['true', 'yes', '1', 'billable']);

function cellOf(lead: IndexedLead, name: string): string | undefined {
  if (name === 'lead_type') return lead.row.lead_type;
  return lead.cells.get(name);
}

function matches(lead: IndexedLead, condition: FilterCondition): boolean {
  const raw = cellOf(lead, condition.name) ?? '';
  const wanted = condition.value.trim().toLowerCase();
  const value = raw.toLowerCase();
  if (condition.name === 'billable') {
    const equal = (value === 'true') === TRUE_WORDS.has(wanted);
    return condition.op === 'equals' || condition.op === 'contains' ? equal : !equal;
  }
  switch (condition.op) {
    case 'equals':
      return value === wanted;
    case 'not_equals':
      return value !== wanted;
    case 'contains':
      return value.includes(wanted);
    case 'not_contains':
      return !value.includes(wanted);
  }
}

const collator = new Intl.Collator('en');

function compare(a: IndexedLead, b: IndexedLead, by: string): number {
  if (by === 'created_at') {
    // ISO instants of one format: plain string order is time order (and far cheaper than a collator).
    const [left, right] = [a.row.created_at, b.row.created_at];
    return left < right ? -1 : left > right ? 1 : 0;
  }
  const left = a.cells.get(by) ?? '';
  const right = b.cells.get(by) ?? '';
  if (by === 'cost') return Number(left) - Number(right);
  return collator.compare(left, right);
}

const stat = (title: string, value: number) => ({ title, value, previous_value: 0, performance_change: 0 });

export function searchLocal(index: IndexedLead[], criteria: LocalCriteria): LocalResult {
  const query = criteria.query?.trim().toLowerCase() ?? '';
  const filters = criteria.filters ?? [];
  const known = (name: string) => name === 'lead_type' || index.some((lead) => lead.cells.has(name));
  const usable = filters.filter((f) => known(f.name));
  const skipped = [...new Set(filters.filter((f) => !known(f.name)).map((f) => f.name))];
  const equalsByField = new Map<string, FilterCondition[]>();
  const others: FilterCondition[] = [];
  for (const f of usable) {
    if (f.op === 'equals') equalsByField.set(f.name, [...(equalsByField.get(f.name) ?? []), f]);
    else others.push(f);
  }
  const found = index.filter(
    (lead) =>
      (!criteria.start_date || lead.day >= criteria.start_date) &&
      (!criteria.end_date || lead.day <= criteria.end_date) &&
      (query === '' || lead.text.includes(query)) &&
      others.every((f) => matches(lead, f)) &&
      [...equalsByField.values()].every((group) => group.some((f) => matches(lead, f))),
  );
  const direction = criteria.order === 'asc' ? 1 : -1;
  found.sort((a, b) => direction * (compare(a, b, criteria.order_by) || a.row.lead_id - b.row.lead_id));
  const calls = found.filter((lead) => lead.row.lead_type === 'Call').length;
  let cost = 0;
  let billable = 0;
  for (const lead of found) {
    cost += Number(lead.cells.get('cost') ?? 0) || 0;
    if (lead.cells.get('billable') !== 'false') billable += 1;
  }
  return {
    rows: found.map((lead) => lead.row),
    skipped,
    statistic: {
      total_leads: stat('Total Leads', found.length),
      call_leads: stat('Calls', calls),
      form_leads: stat('Forms', found.length - calls),
      total_cost: stat('Total Cost', Math.round(cost * 100) / 100),
      avg_cpl: stat('AVG CPL', billable ? Math.round((cost / billable) * 100) / 100 : 0),
    },
  };
}
