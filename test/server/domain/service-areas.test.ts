/** The service area's distance: great-circle miles, which pick the 30-mile default area. */
import { describe, expect, it } from 'vitest';
import { milesBetween } from '../../../server/domain/account/service-areas';

describe('milesBetween', () => {
  it('measures great-circle miles', () => {
    const denver = { lat: 39.7392, lng: -104.9903 };
    const boulder = { lat: 40.015, lng: -105.2705 };
    const springs = { lat: 38.8339, lng: -104.8214 };
    expect(milesBetween(denver, denver)).toBe(0);
    expect(milesBetween(denver, boulder)).toBeGreaterThan(23);
    expect(milesBetween(denver, boulder)).toBeLessThan(30);
    expect(milesBetween(denver, springs)).toBeGreaterThan(60);
  });
});
