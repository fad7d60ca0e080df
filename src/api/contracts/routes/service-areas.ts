/**
 * The endpoints server/routes/service-areas.ts serves, with their contracts.
 */
import { MessageResponse } from '../activities';
import { endpoint } from '../declarations';
import {
  AreaLocationsBody,
  ServiceAreaFormBody,
  ServiceAreaResponse,
  ServiceAreaSavedResponse,
} from '../service-areas';

export const serviceAreasApi = {
  getActivitiesServiceAreas: endpoint('GET /activities/service_areas', { response: ServiceAreaResponse }),
  postActivitiesServiceAreasForm: endpoint('POST /activities/service_areas/form', {
    body: ServiceAreaFormBody,
    response: ServiceAreaSavedResponse,
  }),
  postActivitiesServiceAreasLocationsAdd: endpoint('POST /activities/service_areas/locations/add', {
    body: AreaLocationsBody,
    response: MessageResponse,
  }),
  postActivitiesServiceAreasLocationsRemove: endpoint('POST /activities/service_areas/locations/remove', {
    body: AreaLocationsBody,
    response: MessageResponse,
  }),
};
