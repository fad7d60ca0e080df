/**
 * Service area contracts (spec part 2 §3 "Service area location", §5 "Service area", §7): the
 * service-area mode of GET /locations/search (counties with their zip codes, each selected or not),
 * selecting and unselecting zip codes, and naming the area (which completes the service_areas task).
 * Shared by server/routes/service-areas.ts, server/routes/campaigns.ts, the client and the tests.
 */
import {
  array,
  boolean,
  enums,
  type Infer,
  nullable,
  object,
  optional,
  refine,
  size,
  string,
} from 'superstruct';
import { ActivityRef } from './activities';

export const SERVICE_AREA_MESSAGES = {
  noZip: 'Please select at least one ZIP code',
  required: 'This field is required*',
  saved: 'Updated successfully',
  added: 'Locations added to your service area',
  removed: 'Locations removed from your service area',
} as const;
/** Spec §9: the default area is the zip codes within this many miles of the business. */
export const DEFAULT_RADIUS_MILES = 30;
/** Spec §9: a page of fewer than this many locations ends the list. */
export const SERVICE_AREA_PAGE_SIZE = 10;
export const SEARCH_MIN_CHARS = 3;
export const SERVICE_AREA_TITLE_MAX = 150;

export const AreaZipcode = object({ zipcode: string(), selected: boolean() });
export const AreaLocation = object({ name: string(), selected: boolean(), zipcodes: array(AreaZipcode) });
export type AreaLocation = Infer<typeof AreaLocation>;
/** GET /locations/search in service-area mode (no campaign, no account). */
export const AreaLocationsResponse = object({
  locations: array(AreaLocation),
  next: nullable(string()),
  has_selected_county: boolean(),
  existing_user: boolean(),
});
export type AreaLocationsResponse = Infer<typeof AreaLocationsResponse>;
/** The query's flag: 'true' lists only the counties with a selected zip code. */
export const SelectedOnly = optional(enums(['true', 'false', '1', '0']));

const Zip = refine(string(), 'Zip', (v) => /^\d{5}$/.test(v) || 'Expected a 5-digit zip code');
/** POST /activities/service_areas/locations/add and /remove */
export const AreaLocationsBody = object({ locations: size(array(Zip), 1, 500) });
export type AreaLocationsBody = Infer<typeof AreaLocationsBody>;

/** POST /activities/service_areas/form */
export const ServiceAreaFormBody = object({
  title: refine(
    size(string(), 0, SERVICE_AREA_TITLE_MAX),
    'Title',
    (v) => v.trim().length > 0 || SERVICE_AREA_MESSAGES.required,
  ),
  activity_id: ActivityRef,
});
export type ServiceAreaFormBody = Infer<typeof ServiceAreaFormBody>;
export const ServiceAreaResponse = object({
  service_area: nullable(object({ title: nullable(string()) })),
});
export type ServiceAreaResponse = Infer<typeof ServiceAreaResponse>;
export const ServiceAreaSavedResponse = object({
  message: string(),
  service_area: object({ title: string() }),
});
