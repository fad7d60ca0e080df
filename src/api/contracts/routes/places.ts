/**
 * The endpoints server/routes/places.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import { PlacesQuery, PlacesResponse } from '../places';

export const placesApi = {
  getPlaces: endpoint('GET /places', { querystring: PlacesQuery, response: PlacesResponse }),
};
