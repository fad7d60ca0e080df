/**
 * US place search for address autocomplete (spec part 1 §5): a query is a ZIP prefix, a city name
 * prefix (optionally with a state and a ZIP prefix), or a street address followed by a city.
 *
 * - The data comes from one loader (server/data/us-places.ts); the index is built once, lazily,
 *   and kept in memory: it is read-only, so every server instance holds the same one.
 * - Matching ignores case, dots and apostrophes, and reads 'St', 'Ft' and 'Mt' as Saint, Fort and
 *   Mount. Cities rank exact name first, then by how many ZIP codes they have (a stand-in for size),
 *   then by name. At most PLACES_MAX_RESULTS suggestions, US only.
 * - A street address keeps the street exactly as typed and completes city, state and ZIP.
 */
import { PLACES_MAX_RESULTS, type PlacePrediction } from '../../../src/api/contracts/places';
import { loadUsPlaces, type Place } from '../../data/us-places';
import { US_STATES } from '../../data/us-states';

export type { Place };

type City = { key: string; city: string; state: string; zips: Place[]; main: Place };

type Locality = { city: string; state: string | null; zip: string };

const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [normalise(name), code]));
const STREET_SUFFIX =
  /^(st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|way|ct|court|pl|place|pkwy|parkway|hwy|highway|cir|circle|trl|trail|ter|terrace|loop|sq|square|fwy|pike|row|run)\.?$/i;

/** Lower case, no dots or apostrophes, single spaces, and St/Ft/Mt spelled out. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.'\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^(st|ft|mt) /, (_, short: string) => `${{ st: 'saint', ft: 'fort', mt: 'mount' }[short]} `);
}

const describe = (place: Place, street?: string) =>
  `${street ? `${street}, ` : ''}${place.city}, ${place.state} ${place.zipcode}, USA`;

function prediction(place: Place, street?: string): PlacePrediction {
  return {
    description: describe(place, street),
    ...(street ? { street } : {}),
    city: place.city,
    state: place.state,
    zipcode: place.zipcode,
    ...(place.lat !== undefined && place.lng !== undefined ? { lat: place.lat, lng: place.lng } : {}),
  };
}

/** First index whose key is >= prefix, in an array sorted by key. */
function lowerBound<T>(items: T[], prefix: string, key: (item: T) => string): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (key(items[mid]) < prefix) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Splits 'Austin, TX 787' into city, state and ZIP prefix. `strictState` reads a trailing state. */
function parseLocality(text: string, strictState: boolean): Locality {
  const tokens = text.split(/[\s,]+/).filter(Boolean);
  let zip = '';
  let state: string | null = null;
  const last = tokens.at(-1) ?? '';
  if (/^\d{1,5}(-\d{0,4})?$/.test(last)) zip = tokens.pop()?.slice(0, 5) ?? '';
  if (strictState && tokens.length > 1) {
    for (const size of [3, 2, 1]) {
      if (tokens.length <= size) continue;
      const words = tokens.slice(-size).join(' ');
      const code =
        words.length === 2 && US_STATES[words.toUpperCase()]
          ? words.toUpperCase()
          : STATE_BY_NAME.get(normalise(words));
      if (code) {
        state = code;
        tokens.splice(-size);
        break;
      }
    }
  }
  return { city: normalise(tokens.join(' ')), state, zip };
}

/** '123 Main St, Aus' or '123 Main St Aus' -> street and the locality text after it, else null. */
export function splitStreet(text: string): { street: string; locality: string } | null {
  const match = /^(\d+[a-z]?(?:-\d+)?)\s+(.+)$/i.exec(text);
  if (!match || !/[a-z]/i.test(match[2])) return null;
  const comma = text.indexOf(',');
  if (comma > 0) {
    const street = text.slice(0, comma).trim();
    return street.split(' ').length >= 2 ? { street, locality: text.slice(comma + 1).trim() } : null;
  }
  const words = match[2].split(' ');
  const suffix = words.findIndex((word, i) => i > 0 && STREET_SUFFIX.test(word));
  if (suffix < 0 || suffix === words.length - 1) return null;
  return {
    street: `${match[1]} ${words.slice(0, suffix + 1).join(' ')}`,
    locality: words.slice(suffix + 1).join(' '),
  };
}

export class PlaceIndex {
  private readonly cities: City[];
  private readonly zips: Place[];

  constructor(places: Place[]) {
    const seen = new Set<string>();
    this.zips = places
      .filter((p) => /^\d{5}$/.test(p.zipcode) && !seen.has(p.zipcode) && seen.add(p.zipcode))
      .sort((a, b) => a.zipcode.localeCompare(b.zipcode));
    const byCity = new Map<string, Place[]>();
    for (const place of this.zips) {
      const id = `${normalise(place.city)}|${place.state}`;
      byCity.set(id, [...(byCity.get(id) ?? []), place]);
    }
    this.cities = [...byCity.values()]
      .map((zips) => ({
        key: normalise(zips[0].city),
        city: zips[0].city,
        state: zips[0].state,
        zips,
        main: zips.find((z) => z.main) ?? zips[0],
      }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  get size() {
    return this.zips.length;
  }

  search(query: string, limit = PLACES_MAX_RESULTS): PlacePrediction[] {
    const text = query
      .trim()
      .replace(/\s+/g, ' ')
      .replace(/(,\s*|\s+)(usa|us|united states( of america)?)$/i, '');
    if (!text) return [];
    const street = splitStreet(text);
    const locality = street ? street.locality : text;
    let places = this.matchLocality(parseLocality(locality, true));
    // 'Lake In' may be the start of a city name, not Lake plus Indiana: fall back to a name prefix.
    if (!places.length) places = this.matchLocality(parseLocality(locality, false));
    return places.slice(0, limit).map((place) => prediction(place, street?.street));
  }

  private matchLocality({ city, state, zip }: Locality): Place[] {
    if (!city) {
      if (zip.length < 3 && !state) return [];
      const start = lowerBound(this.zips, zip, (p) => p.zipcode);
      const found: Place[] = [];
      for (let i = start; i < this.zips.length && this.zips[i].zipcode.startsWith(zip); i++) {
        if (!state || this.zips[i].state === state) found.push(this.zips[i]);
        if (found.length >= PLACES_MAX_RESULTS) break;
      }
      return found;
    }
    const start = lowerBound(this.cities, city, (c) => c.key);
    const cities: City[] = [];
    for (let i = start; i < this.cities.length && this.cities[i].key.startsWith(city); i++) {
      if (!state || this.cities[i].state === state) cities.push(this.cities[i]);
    }
    cities.sort(
      (a, b) =>
        Number(b.key === city) - Number(a.key === city) ||
        b.zips.length - a.zips.length ||
        a.key.localeCompare(b.key) ||
        a.state.localeCompare(b.state),
    );
    if (!zip) return cities.map((c) => c.main);
    return cities.flatMap((c) => c.zips.filter((z) => z.zipcode.startsWith(zip)));
  }
}

let shared: PlaceIndex | null = null;

/** The index over the bundled data set, built on first use. */
export function placeIndex(): PlaceIndex {
  shared ??= new PlaceIndex(loadUsPlaces());
  return shared;
}
