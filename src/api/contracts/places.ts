/**
 * Address autocomplete (spec part 1 §5, §9): US places from the reference server's bundled ZIP and
 * city data set. The sign-up wizard calls it before an account exists, so it needs no session.
 */
import { array, type Infer, number, object, optional, refine, string } from 'superstruct';

export const PLACES_MIN_CHARS = 3;
export const PLACES_MAX_RESULTS = 8;

export const PlacesQuery = object({
  q: refine(string(), 'PlacesQ', (value) => {
    const length = value.trim().length;
    if (length < PLACES_MIN_CHARS) return `Type at least ${PLACES_MIN_CHARS} characters`;
    return length <= 200 || 'Search text is too long';
  }),
});
export type PlacesQuery = Infer<typeof PlacesQuery>;

/**
 * One suggestion. `description` is what the address field shows ('Austin, TX 78701, USA', or with
 * the typed street first); `street` is set only when the query started with a street address.
 */
export const PlacePrediction = object({
  description: string(),
  street: optional(string()),
  city: string(),
  state: string(),
  zipcode: string(),
  lat: optional(number()),
  lng: optional(number()),
});
export type PlacePrediction = Infer<typeof PlacePrediction>;

export const PlacesResponse = object({ predictions: array(PlacePrediction) });
export type PlacesResponse = Infer<typeof PlacesResponse>;
