import { describe, expect, it } from 'vitest';
import { fitWidths, headerFloor } from '../../../../src/ui/table/fit-widths';

const sum = (widths: number[]) => widths.reduce((a, b) => a + b, 0);

describe('fitting columns into the room they have', () => {
  it('keeps the widths when they fit', () => {
    expect(fitWidths([200, 100], [50, 50], 400)).toEqual([200, 100]);
  });

  it('shrinks in proportion to fit, never past a floor', () => {
    // The leads table's default columns at a 1024 px laptop (about 974 px of room).
    const wanted = [240, 200, 180, 150, 110, 120, 120, 110];
    const floors = [200, 180, 80, 60, 60, 80, 96, 90];
    const fitted = fitWidths(wanted, floors, 974);
    expect(sum(fitted)).toBeLessThanOrEqual(974);
    expect(sum(fitted)).toBeGreaterThan(960);
    for (const [i, width] of fitted.entries()) expect(width).toBeGreaterThanOrEqual(floors[i]);
    expect(fitted[0]).toBe(200);
    expect(fitted[1]).toBe(180);
  });

  it('answers the floors (and scrolls) when even they do not fit', () => {
    expect(fitWidths([300, 300], [200, 150], 200)).toEqual([200, 150]);
  });

  it('gives a header room for its label and sort arrow', () => {
    expect(headerFloor('Date & Time', true)).toBeGreaterThan(headerFloor('Date & Time', false));
    expect(headerFloor('Billable', false)).toBeGreaterThan(80);
  });
});
