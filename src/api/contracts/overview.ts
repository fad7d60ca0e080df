/**
 * Overview widget contracts (spec part 2 §2, §3, §7): the upsell carousel's cards and the website
 * grade request (POST /fetch_grade). Messages are the spec's, verbatim.
 */
import { array, boolean, type Infer, nullable, object, refine, size, string } from 'superstruct';

export const Upsell = object({
  id: string(),
  name: string(),
  active: boolean(),
  title: string(),
  grade: nullable(string()),
  tag: nullable(string()),
  subtitle: nullable(string()),
  cta_value: nullable(string()),
  cta_prompt: nullable(string()),
  show_button: boolean(),
  url: nullable(string()),
  download_url: nullable(string()),
  package: nullable(string()),
  action: string(),
  index: nullable(string()),
  element_id: nullable(string()),
  submit_button: nullable(string()),
});
export type Upsell = Infer<typeof Upsell>;
export const UpsellsResponse = object({ upsells: array(Upsell) });

export const GRADE_MESSAGES = {
  invalid: 'Please enter a valid URL',
  thanks: 'Thank you for submitting. We are generating your report, check back shortly.',
} as const;
export const isWebsiteUrl = (value: string) =>
  /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(:\d+)?(\/\S*)?$/i.test(value.trim());
export const FetchGradeBody = object({
  url: refine(size(string(), 0, 500), 'Url', (v) => isWebsiteUrl(v) || GRADE_MESSAGES.invalid),
});
export const FetchGradeResponse = object({ message: string() });
