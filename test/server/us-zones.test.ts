/**
 * A new business's zone from its place (server/data/us-zones.ts): the state's zone, and in the
 * states that span two, the zone of the ZIP's part of the state.
 */
import { describe, expect, it } from 'vitest';
import { zoneOfPlace } from '../../server/data/us-zones';
import { orgPlaceOf } from '../../server/domain/signup/signup-accounts';

const zone = (state: string | null, zipcode: string | null = null) => zoneOfPlace({ state, zipcode });

describe('zoneOfPlace', () => {
  it("gives a one-zone state's zone", () => {
    expect(zone('TX', '78701')).toBe('America/Chicago'); // Austin
    expect(zone('NY', '10001')).toBe('America/New_York');
    expect(zone('CO', '80202')).toBe('America/Denver');
    expect(zone('WA', '98101')).toBe('America/Los_Angeles');
    expect(zone('AZ', '85004')).toBe('America/Phoenix'); // no daylight-saving time
    expect(zone('AK', '99501')).toBe('America/Anchorage');
    expect(zone('HI', '96813')).toBe('Pacific/Honolulu');
    expect(zone('tx')).toBe('America/Chicago'); // no ZIP, lower case
  });

  it('reads the ZIP in a state that spans two zones', () => {
    expect(zone('TX', '79901')).toBe('America/Denver'); // El Paso
    expect(zone('TX', '79830')).toBe('America/Chicago'); // Alpine, in El Paso's ZIP area
    expect(zone('FL', '32501')).toBe('America/Chicago'); // Pensacola
    expect(zone('FL', '32801')).toBe('America/New_York'); // Orlando
    expect(zone('TN', '37902')).toBe('America/New_York'); // Knoxville
    expect(zone('TN', '37203')).toBe('America/Chicago'); // Nashville
    expect(zone('KY', '42001')).toBe('America/Chicago'); // Paducah
    expect(zone('KY', '40202')).toBe('America/New_York'); // Louisville
    expect(zone('IN', '46402')).toBe('America/Chicago'); // Gary
    expect(zone('IN', '46204')).toBe('America/New_York'); // Indianapolis
    expect(zone('MI', '49801')).toBe('America/Chicago'); // Iron Mountain
    expect(zone('MI', '49855')).toBe('America/New_York'); // Marquette
    expect(zone('ID', '83814')).toBe('America/Los_Angeles'); // Coeur d'Alene
    expect(zone('ID', '83702')).toBe('America/Denver'); // Boise
    expect(zone('OR', '97914')).toBe('America/Denver'); // Ontario
    expect(zone('KS', '67735')).toBe('America/Denver'); // Goodland
    expect(zone('KS', '67202')).toBe('America/Chicago'); // Wichita
    expect(zone('SD', '57701')).toBe('America/Denver'); // Rapid City
    expect(zone('NE', '69361')).toBe('America/Denver'); // Scottsbluff
    expect(zone('ND', '58601')).toBe('America/Denver'); // Dickinson
    expect(zone('AZ', '86515')).toBe('America/Denver'); // Window Rock, Navajo Nation
  });

  it('has no answer without a state it knows', () => {
    expect(zone(null, '78701')).toBeNull();
    expect(zone('ZZ', '78701')).toBeNull();
    expect(zone('PR', '00901')).toBeNull();
  });

  it("adds the zone to an organization's place only when the address names a state", () => {
    expect(orgPlaceOf('12 Main St, Austin, TX 78701, USA')).toEqual({
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
      time_zone: 'America/Chicago',
    });
    expect(orgPlaceOf('somewhere near the lake')).toEqual({ city: null, state: null, zipcode: null });
  });
});
