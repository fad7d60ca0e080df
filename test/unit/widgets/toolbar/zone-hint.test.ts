import { beforeEach, describe, expect, it } from 'vitest';
import { rememberedZone, rememberZone } from '../../../../src/widgets/toolbar/zone-hint';

beforeEach(() => localStorage.clear());

describe('the remembered account time zone', () => {
  it('is kept per user and replaced when the settings say otherwise', () => {
    expect(rememberedZone(7)).toBeNull();
    rememberZone(7, 'America/Chicago');
    rememberZone(8, 'ct');
    expect(rememberedZone(7)).toBe('America/Chicago');
    expect(rememberedZone(8)).toBe('ct');
    rememberZone(7, 'America/Denver');
    expect(rememberedZone(7)).toBe('America/Denver');
  });

  it('is a user key of lib/device-storage.ts, so sign-out removes it', () => {
    rememberZone(7, 'America/Chicago');
    expect(localStorage.getItem('portal:user:7:time-zone')).toBe('America/Chicago');
    expect(Object.keys(localStorage).filter((key) => key.startsWith('portal:time-zone'))).toEqual([]);
  });

  it('knows nothing with nobody signed in, and keeps the last zone when the settings have none', () => {
    rememberZone(null, 'America/Chicago');
    expect(rememberedZone(null)).toBeNull();
    rememberZone(7, 'America/Chicago');
    rememberZone(7, null);
    rememberZone(7, '');
    expect(rememberedZone(7)).toBe('America/Chicago');
  });
});
