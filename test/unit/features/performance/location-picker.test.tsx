/**
 * The location picker's search (issue 51 item 4): a franchise's 28 locations narrow as the user
 * types, the count is announced, the keyboard reaches everything, and checked locations hidden by
 * a search stay checked.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Location } from '../../../../src/api/contracts/performance';
import {
  LocationPicker,
  matchLocations,
  NO_LOCATIONS_FOUND,
} from '../../../../src/features/performance/location-picker';

afterEach(cleanup);

const CITIES = ['Austin North', 'Austin South', 'Dallas', 'San José', 'Houston West', 'El Paso'];
const locations: Location[] = Array.from({ length: 28 }, (_, i) => ({
  ref_id: `LOC-${i + 1}`,
  name: i < CITIES.length ? CITIES[i] : `Roofing ${i + 1}`,
  checked: true,
}));

const names = (list: Location[]) => list.map((l) => l.name);

describe('matchLocations', () => {
  it('finds every typed word in any order, ignoring case and accents', () => {
    expect(names(matchLocations(locations, 'austin'))).toEqual(['Austin North', 'Austin South']);
    expect(names(matchLocations(locations, 'north AUS'))).toEqual(['Austin North']);
    expect(names(matchLocations(locations, 'san jose'))).toEqual(['San José']);
    expect(matchLocations(locations, '   ')).toHaveLength(28);
    expect(matchLocations(locations, 'zzz')).toEqual([]);
  });
});

function open(onSave = vi.fn()) {
  render(<LocationPicker locations={locations} selected={locations.map((l) => l.ref_id)} onSave={onSave} />);
  fireEvent.click(screen.getByRole('button', { name: 'Locations (28/28)' }));
  return onSave;
}

const search = () => screen.getByRole('searchbox', { name: 'Search locations' });
const boxes = () => screen.getAllByRole('checkbox') as HTMLInputElement[];

describe('LocationPicker search', () => {
  it('focuses the search, narrows the list as the user types and announces the count', () => {
    open();
    expect(document.activeElement).toBe(search());
    expect(screen.getByRole('status').textContent).toBe('28 locations');
    fireEvent.change(search(), { target: { value: 'aus' } });
    expect(boxes().map((b) => b.parentElement?.textContent?.trim())).toEqual([
      'Austin North',
      'Austin South',
    ]);
    expect(screen.getByRole('status').textContent).toBe('2 of 28 locations');
    fireEvent.change(search(), { target: { value: 'nowhere' } });
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe(NO_LOCATIONS_FOUND);
  });

  it('clears only the shown locations and saves the rest still checked', () => {
    const onSave = open();
    fireEvent.change(search(), { target: { value: 'austin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear shown' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(locations.slice(2).map((l) => l.ref_id));
  });

  it('Escape first empties the search, then closes and gives focus back to the button', () => {
    open();
    fireEvent.change(search(), { target: { value: 'dal' } });
    fireEvent.keyDown(search(), { key: 'Escape' });
    expect(search()).toHaveProperty('value', '');
    expect(boxes()).toHaveLength(28);
    fireEvent.keyDown(search(), { key: 'Escape' });
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Locations (28/28)' }));
  });
});
