/**
 * The endpoints server/routes/services-partners.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import { PartnerServicesResponse } from '../services';

export const servicesPartnersApi = {
  getPartnerServices: endpoint('GET /partner_services', { response: PartnerServicesResponse }),
};
