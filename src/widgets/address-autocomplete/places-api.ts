/**
 * The address autocomplete's one call: US place suggestions for what the user typed. Failures are
 * shown by the field itself (no shared toast): a dropped connection must not interrupt typing.
 */
import { request } from '../../api/client';
import { endpointPath } from '../../api/contracts/endpoints';
import { type PlacePrediction, PlacesResponse } from '../../api/contracts/places';

export async function getPlaces(q: string, signal?: AbortSignal): Promise<PlacePrediction[]> {
  const response = await request(PlacesResponse, endpointPath('GET /places'), {
    query: { q },
    signal,
    toast: false,
  });
  return response.predictions;
}
