/**
 * Task submission contracts (spec part 2 §3, §5, §7): licenses, insurance, company, service and
 * business details, brand assets, logo and the SEO content plan. Shared by the server routes,
 * the task forms (src/widgets/task-forms) and the tests. Messages are the spec's, verbatim.
 *
 * - Rules that depend on "now" (a date in the past) are checked by the server at the time of the
 *   request, and by the forms at the time of input; the structs hold the time-free rules.
 * - Business, service and company details and the logo are records that later saves edit: their
 *   reads carry a version (the logo's: the profile read's logo_version) and their saves the
 *   `based_on_version` they were made from (contracts/versions.ts).
 */
import {
  array,
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
  union,
} from 'superstruct';
import { ActivityRef, FileRecord, SignedId } from './activities';
import { IsoDate } from './toolbar';
import { ReadVersion, Version } from './versions';

/** A text of at most `limit` characters; `required` names the empty-text message. */
export const limitedText = (limit: number, required: string | null, tooLong?: string) =>
  refine(string(), 'Text', (value) => {
    if (required && value.trim().length === 0) return required;
    return value.length <= limit || tooLong || `Must be at most ${limit} characters`;
  });

export const LICENSE_MESSAGES = {
  nameRequired: 'Licensee name is required',
  nameTooLong: 'Licensee name must be at most 150 characters',
  typeRequired: 'License type is required',
  numberRequired: 'This field is required*',
  dateRequired: 'License date is required',
  datePast: 'License expiration date cannot be in the past',
  renewed: 'License renewal submitted successfully',
} as const;

export const VerifyLicenseBody = object({
  license_required: union([literal(0), literal(1)]),
  name: optional(limitedText(150, LICENSE_MESSAGES.nameRequired, LICENSE_MESSAGES.nameTooLong)),
  type: optional(limitedText(150, LICENSE_MESSAGES.typeRequired)),
  number: optional(limitedText(150, LICENSE_MESSAGES.numberRequired)),
  expiration_date: optional(IsoDate),
  file: optional(nullable(SignedId)),
  activity_id: ActivityRef,
});
export type VerifyLicenseBody = Infer<typeof VerifyLicenseBody>;

export const RenewLicenseBody = object({
  name: limitedText(150, LICENSE_MESSAGES.nameRequired, LICENSE_MESSAGES.nameTooLong),
  number: limitedText(150, LICENSE_MESSAGES.numberRequired),
  expiration_date: IsoDate,
  file: SignedId,
  activity_id: ActivityRef,
});
export type RenewLicenseBody = Infer<typeof RenewLicenseBody>;
export const RefParam = object({ ref: size(string(), 1, 64) });

export const License = object({
  id: number(),
  ref_id: string(),
  name: string(),
  type: string(),
  number: string(),
  expiration_date: string(),
  view_name: nullable(string()),
  is_expired: boolean(),
  activity_id: nullable(number()),
  file: nullable(object({ id: number(), filename: string(), byte_size: number() })),
});
export type License = Infer<typeof License>;
export const LicensesResponse = object({ license_required: nullable(boolean()), licenses: array(License) });
export type LicensesResponse = Infer<typeof LicensesResponse>;
export const LicenseResponse = object({ license: License });

export const INSURANCE_MESSAGES = {
  dateRequired: 'This field is required',
  datePast: 'The expiration date cannot be in the past',
  general: 'General Liability insurance renewed successfully',
  workers: 'Workers Compensation insurance renewed successfully',
  updated: 'Updated successfully',
} as const;

const Certificates = size(array(SignedId), 0, 5);
export const VerifyInsuranceBody = object({
  general_expiration_date: IsoDate,
  general_liability_insurance_certificate: Certificates,
  workers_compensation: boolean(),
  workers_comp_expiration_date: optional(nullable(IsoDate)),
  workers_compensation_policies: optional(Certificates),
  activity_id: ActivityRef,
});
export type VerifyInsuranceBody = Infer<typeof VerifyInsuranceBody>;
export const RenewGeneralBody = object({
  general_expiration_date: IsoDate,
  general_liability_insurance_certificate: Certificates,
  activity_id: ActivityRef,
});
export const RenewWorkersBody = object({
  workers_comp_expiration_date: IsoDate,
  workers_compensation_policies: Certificates,
  activity_id: ActivityRef,
});
export const Insurance = object({
  general_expiration_date: nullable(string()),
  general_liability_insurance_certificate: array(FileRecord),
  workers_compensation: boolean(),
  workers_comp_expiration_date: nullable(string()),
  workers_compensation_policies: array(FileRecord),
  activity_id: nullable(number()),
});
export type Insurance = Infer<typeof Insurance>;
export const InsuranceResponse = object({ insurance: Insurance, message: optional(string()) });

export const BUSINESS_DETAILS_LIMIT = 500;
export const LIMIT_REACHED = 'You have reached the maximum characters limit.';
export const BusinessDetailsBody = object({
  special_offers: limitedText(BUSINESS_DETAILS_LIMIT, null, LIMIT_REACHED),
  guarantees: limitedText(BUSINESS_DETAILS_LIMIT, null, LIMIT_REACHED),
  accolades: limitedText(BUSINESS_DETAILS_LIMIT, null, LIMIT_REACHED),
  activity_id: ActivityRef,
  based_on_version: optional(Version),
});
export type BusinessDetailsBody = Infer<typeof BusinessDetailsBody>;
export const BusinessDetail = object({
  special_offers: string(),
  guarantees: string(),
  accolades: string(),
  version: ReadVersion,
});
export const BusinessDetailResponse = object({
  business_detail: BusinessDetail,
  message: optional(string()),
});

export const SERVICE_TEXT_LIMIT = 1000;
export const ServiceDetailsBody = object({
  step: enums(['1', '2', 'full_form']),
  product: optional(limitedText(150, null)),
  job_requirement: optional(limitedText(SERVICE_TEXT_LIMIT, 'This field is required*', LIMIT_REACHED)),
  estimate_fee: optional(enums(['yes', 'some', 'no'])),
  estimate_fee_detail: optional(limitedText(SERVICE_TEXT_LIMIT, null, LIMIT_REACHED)),
  services_offered: optional(limitedText(SERVICE_TEXT_LIMIT, 'This field is required*', LIMIT_REACHED)),
  services_not_offered: optional(limitedText(SERVICE_TEXT_LIMIT, null, LIMIT_REACHED)),
  activity_id: ActivityRef,
  based_on_version: optional(Version),
});
export type ServiceDetailsBody = Infer<typeof ServiceDetailsBody>;
export const ServiceDetail = object({
  product: nullable(string()),
  job_requirement: nullable(string()),
  estimate_fee: nullable(enums(['yes', 'some', 'no'])),
  estimate_fee_detail: nullable(string()),
  services_offered: nullable(string()),
  services_not_offered: nullable(string()),
  version: ReadVersion,
});
export const ServiceDetailResponse = object({ service_detail: ServiceDetail, message: optional(string()) });

export const SEO_CONTENT_MESSAGES = {
  title: 'Content Plan Updated',
  body: 'Your quarterly content plan has been successfully updated.',
} as const;
export const SeoContentBody = object({ status: enums(['decline', 'approved']), activity_id: ActivityRef });
export const SeoContentItem = object({ id: number(), month: string(), data: string(), status: string() });
export const SeoContentResponse = object({ data: array(SeoContentItem), message: optional(string()) });
export type SeoContentResponse = Infer<typeof SeoContentResponse>;

export const BRAND_MESSAGES = {
  uploaded: 'Assets uploaded successfully',
  deleted: 'File deleted successfully',
};
export const BrandAssetsBody = object({
  use_stock: optional(boolean()),
  files: optional(size(array(SignedId), 0, 20)),
  activity_id: ActivityRef,
});
export const BrandAssetsResponse = object({
  files: array(FileRecord),
  use_stock: boolean(),
  message: optional(string()),
});
export type BrandAssetsResponse = Infer<typeof BrandAssetsResponse>;

export const LOGO_MESSAGES = {
  updated: 'Logo updated successfully',
  removed: 'Logo has been removed successfully.',
};
export const UploadLogoBody = object({
  logo: SignedId,
  activity_id: ActivityRef,
  based_on_version: optional(Version),
});
/** DELETE /activities/logo: the logo version the removal was made from (none: an older client). */
export const LogoRemoveBody = object({ based_on_version: optional(Version) });
export const LogoResponse = object({ logo_url: nullable(string()), message: string() });

export const AccountManagerResponse = object({
  account_manager: nullable(object({ name: string(), email: string(), avatar: nullable(string()) })),
});
export type AccountManagerResponse = Infer<typeof AccountManagerResponse>;

export const COMPANY_SIZES = ['local', 'family_owned', 'national', 'national_franchise', 'other'] as const;
export const EMP_DISTINCTIONS = [
  'drive_marked_vehicles',
  'wear_shoe_covers',
  'undergo_drug_testing',
  'wear_uniforms',
  'are_background_checked',
  'not_applicable',
] as const;
export const WEEK_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export const COMPANY_MESSAGES = {
  quote: 'Company quote is required',
  title: 'Person’s title is required',
  founder: 'Founder name must be at most 150 characters',
  otherTooLong: 'Company size must be at most 150 characters',
  year: 'Year established is required',
  otherRequired: 'Other company size is required',
  size: 'Please select company size',
  hours: 'Please select from and to hours for open days',
  distinctions: 'Please select employee distinctions',
  saved: 'Company & Employee Details updated successfully',
} as const;
export const yearTooLate = (year: number) => `Year cannot exceed ${year}`;

const Hour = nullable(size(string(), 0, 10));
export const OperationsHour = object({
  day: enums(WEEK_DAYS),
  is_opened: boolean(),
  is_24_hours: boolean(),
  from: Hour,
  to: Hour,
});
export const CompanyDetailsBody = object({
  step: enums(['1', '2', '3', '4', 'full_form']),
  company_quote: optional(
    limitedText(1500, COMPANY_MESSAGES.quote, 'Company quote must be at most 1500 characters'),
  ),
  first_name: optional(limitedText(150, null)),
  last_name: optional(limitedText(150, null)),
  title: optional(limitedText(150, COMPANY_MESSAGES.title)),
  business_address: optional(limitedText(150, 'This field is required*')),
  founder: optional(limitedText(150, null, COMPANY_MESSAGES.founder)),
  established_year: optional(
    nullable(
      refine(
        number(),
        'Year',
        (v) => (Number.isInteger(v) && v >= 1000 && v <= 9999) || COMPANY_MESSAGES.year,
      ),
    ),
  ),
  owned: optional(size(array(enums(COMPANY_SIZES)), 0, 5)),
  other_owned: optional(nullable(limitedText(150, null, COMPANY_MESSAGES.otherTooLong))),
  operations_hours: optional(size(array(OperationsHour), 0, 7)),
  emp_distinctions: optional(size(array(enums(EMP_DISTINCTIONS)), 0, 6)),
  activity_id: ActivityRef,
  based_on_version: optional(Version),
});
export type CompanyDetailsBody = Infer<typeof CompanyDetailsBody>;
export const CompanyDetail = object({
  company_quote: string(),
  first_name: string(),
  last_name: string(),
  title: string(),
  business_address: string(),
  founder: string(),
  established_year: nullable(number()),
  owned: array(string()),
  other_owned: string(),
  operations_hours: array(OperationsHour),
  emp_distinctions: array(string()),
  completed_step: number(),
  version: ReadVersion,
});
export type CompanyDetail = Infer<typeof CompanyDetail>;
export const CompanyDetailResponse = object({ company_detail: CompanyDetail, message: optional(string()) });
