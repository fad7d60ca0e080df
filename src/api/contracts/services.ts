/**
 * Services page contract (spec part 3 §2.10): the partner software offerings, GET
 * /partner_services. (GET /services is the service categories' call, part 2 §7.)
 */
import { array, type Infer, object, string } from 'superstruct';

export const PartnerOffering = object({
  slug: string(),
  title: string(),
  category: string(),
  highlights: array(string()),
  description: string(),
  demo_url: string(),
});
export type PartnerOffering = Infer<typeof PartnerOffering>;
export const PartnerServicesResponse = object({ services: array(PartnerOffering) });
export type PartnerServicesResponse = Infer<typeof PartnerServicesResponse>;
