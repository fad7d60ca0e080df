/**
 * The bundled US place data set for address autocomplete: every ZIP code of the 50 states and DC
 * from the `zipcodes` package (city, state, latitude, longitude), read once.
 *
 * A city's main ZIP (the one a bare city name completes to) is the lowest ZIP among those sharing
 * the city's most common three-digit prefix: that skips outliers such as Austin's IRS codes 733xx
 * and lands on the downtown code (Austin 78701, Round Rock 78664, New York 10001).
 */
import zipcodes from 'zipcodes';
import { US_STATES } from './us-states';

/** One ZIP code's place; `main` marks its city's main ZIP. */
export type Place = {
  zipcode: string;
  city: string;
  state: string;
  lat?: number;
  lng?: number;
  main?: boolean;
};

export function loadUsPlaces(): Place[] {
  const places: Place[] = Object.values(zipcodes.codes)
    .filter((code) => code.country === 'US' && US_STATES[code.state] && /^\d{5}$/.test(code.zip))
    .map((code) => ({
      zipcode: code.zip,
      city: code.city,
      state: code.state,
      lat: code.latitude,
      lng: code.longitude,
    }));
  const byCity = new Map<string, Place[]>();
  for (const place of places) {
    const key = `${place.city.toLowerCase()}|${place.state}`;
    const list = byCity.get(key);
    if (list) list.push(place);
    else byCity.set(key, [place]);
  }
  for (const zips of byCity.values()) mainZip(zips).main = true;
  return places;
}

function mainZip(zips: Place[]): Place {
  const counts = new Map<string, number>();
  for (const { zipcode } of zips) counts.set(zipcode.slice(0, 3), (counts.get(zipcode.slice(0, 3)) ?? 0) + 1);
  const [prefix] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  return zips
    .filter((z) => z.zipcode.startsWith(prefix))
    .sort((a, b) => a.zipcode.localeCompare(b.zipcode))[0];
}
