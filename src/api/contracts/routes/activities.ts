/**
 * The endpoints server/routes/activities.ts serves, with their contracts.
 */
import { ActivitiesQuery, ActivitiesResponse, ActivityResponse } from '../activities';
import { IdParam } from '../common';
import { endpoint } from '../declarations';
import {
  BusinessDetailResponse,
  BusinessDetailsBody,
  CompanyDetailResponse,
  CompanyDetailsBody,
  InsuranceResponse,
  LicenseResponse,
  LicensesResponse,
  RefParam,
  RenewGeneralBody,
  RenewLicenseBody,
  RenewWorkersBody,
  SeoContentBody,
  SeoContentResponse,
  ServiceDetailResponse,
  ServiceDetailsBody,
  VerifyInsuranceBody,
  VerifyLicenseBody,
} from '../tasks';

export const activitiesApi = {
  getActivitiesVerifyInsurance: endpoint('GET /activities/verify_insurance', { response: InsuranceResponse }),
  getActivitiesRenewGeneralInsurance: endpoint('GET /activities/renew_general_insurance', {
    response: InsuranceResponse,
  }),
  getActivitiesRenewWorkersCompInsurance: endpoint('GET /activities/renew_workers_comp_insurance', {
    response: InsuranceResponse,
  }),
  getActivities: endpoint('GET /activities', { querystring: ActivitiesQuery, response: ActivitiesResponse }),
  putActivitiesId: endpoint('PUT /activities/:id', { params: IdParam, response: ActivityResponse }),
  getActivitiesVerifyLicense: endpoint('GET /activities/verify_license', { response: LicensesResponse }),
  postActivitiesVerifyLicense: endpoint('POST /activities/verify_license', {
    body: VerifyLicenseBody,
    response: LicensesResponse,
  }),
  getActivitiesLicensesId: endpoint('GET /activities/licenses/:id', {
    params: IdParam,
    response: LicenseResponse,
  }),
  deleteActivitiesLicensesId: endpoint('DELETE /activities/licenses/:id', {
    params: IdParam,
    response: LicenseResponse,
  }),
  postActivitiesRenewLicenseRef: endpoint('POST /activities/renew_license/:ref', {
    params: RefParam,
    body: RenewLicenseBody,
    response: LicenseResponse,
  }),
  postActivitiesVerifyInsurance: endpoint('POST /activities/verify_insurance', {
    body: VerifyInsuranceBody,
    response: InsuranceResponse,
  }),
  postActivitiesRenewGeneralInsurance: endpoint('POST /activities/renew_general_insurance', {
    body: RenewGeneralBody,
    response: InsuranceResponse,
  }),
  postActivitiesRenewWorkersCompInsurance: endpoint('POST /activities/renew_workers_comp_insurance', {
    body: RenewWorkersBody,
    response: InsuranceResponse,
  }),
  getActivitiesBusinessDetails: endpoint('GET /activities/business_details', {
    response: BusinessDetailResponse,
  }),
  postActivitiesBusinessDetails: endpoint('POST /activities/business_details', {
    body: BusinessDetailsBody,
    response: BusinessDetailResponse,
  }),
  getActivitiesServiceDetails: endpoint('GET /activities/service_details', {
    response: ServiceDetailResponse,
  }),
  postActivitiesServiceDetails: endpoint('POST /activities/service_details', {
    body: ServiceDetailsBody,
    response: ServiceDetailResponse,
  }),
  getActivitiesCompanyDetails: endpoint('GET /activities/company_details', {
    response: CompanyDetailResponse,
  }),
  postActivitiesCompanyDetails: endpoint('POST /activities/company_details', {
    body: CompanyDetailsBody,
    response: CompanyDetailResponse,
  }),
  getActivitiesSeoContent: endpoint('GET /activities/seo_content', { response: SeoContentResponse }),
  postActivitiesSeoContent: endpoint('POST /activities/seo_content', {
    body: SeoContentBody,
    response: SeoContentResponse,
  }),
};
