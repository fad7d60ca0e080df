/**
 * The performance screens' pure rules: change indicators (zero neutral, costs reversed), value
 * formats (USD, no-decimal executive money, 2-decimal percentages) and the location selection
 * (new locations arrive checked, removed ones leave).
 */
import { describe, expect, it } from 'vitest';
import {
  cellKind,
  changeTone,
  formatChange,
  formatValue,
  isCost,
} from '../../../../src/features/performance/format';
import { reconcile } from '../../../../src/features/performance/use-filters';

describe('change indicators', () => {
  it('zero is neutral, a rise is good for counts and bad for costs', () => {
    expect(changeTone(0, false)).toBe('neutral');
    expect(changeTone(0, true)).toBe('neutral');
    expect(changeTone(12.5, false)).toBe('good');
    expect(changeTone(-3, false)).toBe('bad');
    expect(changeTone(12.5, true)).toBe('bad');
    expect(changeTone(-3, true)).toBe('good');
  });

  it('knows the cost measures, revenue per x is not one', () => {
    for (const key of [
      'lead_cost',
      'avg_cost',
      'total_cpl',
      'total_cpc',
      'cpm',
      'spend',
      'cost_per_sale',
      'cost_lead',
    ])
      expect(isCost(key), key).toBe(true);
    for (const key of ['leads_count', 'total_clicks', 'rev_per_sale', 'reach', 'sales'])
      expect(isCost(key), key).toBe(false);
  });

  it('writes the change with its sign and 2 decimals', () => {
    expect(formatChange(9.6)).toBe('+9.60%');
    expect(formatChange(-8.111)).toBe('-8.11%');
    expect(formatChange(0)).toBe('0.00%');
  });
});

describe('formats', () => {
  it('money in USD, executive money without decimals, percentages with 2 decimals', () => {
    expect(formatValue(18436, 'money')).toBe('$18,436.00');
    expect(formatValue(33137.6, 'money0')).toBe('$33,138');
    expect(formatValue(10, 'percent')).toBe('10.00%');
    expect(formatValue(1234567)).toBe('1,234,567');
    expect(formatValue(null)).toBe('—');
  });

  it('formats a table cell by its name', () => {
    expect(cellKind('total_cost')).toBe('money');
    expect(cellKind('ctr')).toBe('percent');
    expect(cellKind('revenue')).toBe('money');
    expect(cellKind('leads')).toBe('count');
  });
});

describe('location selection', () => {
  it('starts with every location', () => {
    expect(reconcile(null, ['A', 'B'])).toEqual(['A', 'B']);
  });

  it('keeps the choice, adds a new location checked and drops a removed one', () => {
    const stored = { known: ['A', 'B', 'C'], selected: ['A', 'C'] };
    expect(reconcile(stored, ['A', 'B', 'D'])).toEqual(['A', 'D']);
  });

  it('never ends with nothing selected', () => {
    expect(reconcile({ known: ['A'], selected: ['A'] }, ['B'])).toEqual(['B']);
  });
});
