/**
 * The Export modal's locations (issue 51 item 4): how many locations a list's filters leave, and
 * the location filter that applies in words, counted as the server reads the conditions.
 */
import { describe, expect, it } from 'vitest';
import type { FilterCondition, FilterField } from '../../../../src/api/contracts/toolbar';
import { locationScope, scopeCount } from '../../../../src/ui/toolbar/location-scope';

const location: FilterField = {
  label: 'Location',
  name: 'location',
  op: [{ name: 'equals', label: 'Equals' }],
  values: [
    { name: 'LOC-1', label: 'Austin North' },
    { name: 'LOC-2', label: 'Dallas' },
    { name: 'LOC-3', label: 'Houston West' },
    { name: 'LOC-4', label: 'San Antonio' },
  ],
};
const service: FilterField = { label: 'Service', name: 'service', op: [] };
const where = (op: FilterCondition['op'], value: string, name = 'location'): FilterCondition => ({
  name,
  op,
  value,
});

describe('locationScope', () => {
  it('is every location, unfiltered, without a location condition', () => {
    const scope = locationScope([where('equals', 'Roofing', 'service')], [location, service]);
    expect(scope).toEqual({ applied: 4, total: 4, by: null });
    expect(scopeCount(scope)).toBe('All 4');
  });

  it('names one location filter and counts it', () => {
    const scope = locationScope([where('equals', 'LOC-2')], [location]);
    expect(scope).toEqual({ applied: 1, total: 4, by: 'filtered by Location is Dallas' });
    expect(scopeCount(scope)).toBe('1 of 4');
  });

  it("reads several 'equals' as alternatives and the rest as all holding", () => {
    const either = [where('equals', 'LOC-1'), where('equals', 'LOC-3')];
    expect(locationScope(either, [location])).toEqual({
      applied: 2,
      total: 4,
      by: 'filtered by Location is Austin North or Location is Houston West',
    });
    const scope = locationScope([...either, where('not_equals', 'LOC-3')], [location]);
    expect(scope.applied).toBe(1);
    expect(scope.by).toBe(
      'filtered by Location is Austin North or Location is Houston West, Location is not Houston West',
    );
    expect(locationScope([where('not_equals', 'LOC-4')], [location]).applied).toBe(3);
    // The server compares ref ids case-insensitively.
    expect(locationScope([where('equals', 'loc-4')], [location]).applied).toBe(1);
  });

  it('counts a location no longer listed as none', () => {
    expect(locationScope([where('equals', 'LOC-9')], [location])).toMatchObject({ applied: 0, total: 4 });
  });

  it('says one location when the customer has one, and copes with no location field', () => {
    const one = { ...location, values: [{ name: 'LOC-1', label: 'Austin North' }] };
    expect(scopeCount(locationScope([], [one]))).toBe('1');
    expect(locationScope([where('equals', 'LOC-1')], [])).toEqual({ applied: 1, total: 1, by: null });
  });
});
