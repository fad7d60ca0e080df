/**
 * Analytics contracts (spec part 3 §2.9, §7 "Analytics and banners"): POST /client/analytics
 * answers the agency key the embedded analytics frame is built from; GET /banners the optional
 * upsell banners (text, call-to-action link and label).
 */
import { array, type Infer, nullable, number, object, string } from 'superstruct';

export const AnalyticsResponse = object({ data: object({ agency_api_key: string() }) });
export type AnalyticsResponse = Infer<typeof AnalyticsResponse>;

export const Banner = object({
  id: number(),
  text: string(),
  call_to_action_link: nullable(string()),
  call_to_action_label: nullable(string()),
});
export type Banner = Infer<typeof Banner>;
export const BannersResponse = object({ banners: array(Banner) });
export type BannersResponse = Infer<typeof BannersResponse>;

/** The embedded analytics page of an agency key (served outside /api/v1, like a third party). */
export const EMBED_PATH = '/embed/analytics';
export const AGENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
