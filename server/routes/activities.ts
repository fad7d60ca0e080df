/**
 * The Activity Manager's API (spec part 2 §7): the task list, marking a task viewed, and the task
 * submissions with their reads: licenses, insurance, business and service details, the SEO
 * content plan. Session context; every id is the caller's own or not found (404).
 *
 * - Writes run through mutate(): an outbox replay with the same Idempotency-Key answers the
 *   stored result and never applies twice; a refused write (422) stores nothing.
 * - Rules live in server/domain/activities*.ts; contracts in src/api/contracts/{activities,tasks}.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ActivitiesQuery, ActivitiesResponse, ActivityResponse } from '../../src/api/contracts/activities';
import { IdParam } from '../../src/api/contracts/common';
import {
  BusinessDetailResponse,
  BusinessDetailsBody,
  COMPANY_MESSAGES,
  CompanyDetailResponse,
  CompanyDetailsBody,
  InsuranceResponse,
  LicenseResponse,
  LicensesResponse,
  RefParam,
  RenewGeneralBody,
  RenewLicenseBody,
  RenewWorkersBody,
  SEO_CONTENT_MESSAGES,
  SeoContentBody,
  SeoContentResponse,
  ServiceDetailResponse,
  ServiceDetailsBody,
  VerifyInsuranceBody,
  VerifyLicenseBody,
} from '../../src/api/contracts/tasks';
import { listActivities, markViewed } from '../domain/activities/activities';
import { companyDetailOf, saveCompanyDetails } from '../domain/activities/activities-company';
import { decideSeoContent, seoContentOf } from '../domain/activities/activities-content';
import {
  businessDetailOf,
  saveBusinessDetails,
  saveServiceDetails,
  serviceDetailOf,
} from '../domain/activities/activities-details';
import { insuranceOf, renewInsurance, verifyInsurance } from '../domain/activities/activities-insurance';
import {
  deleteLicense,
  licensesOf,
  ownLicense,
  renewLicense,
  verifyLicense,
} from '../domain/activities/activities-licenses';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';

export const activityRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;
  const org = (request: Parameters<typeof callerOf>[0]) => callerOf(request).organizationId;

  app.get(
    '/activities',
    { schema: { querystring: ActivitiesQuery }, config: { response: ActivitiesResponse } },
    async (request) => listActivities(db, org(request), request.query),
  );
  app.put(
    '/activities/:id',
    { schema: { params: IdParam }, config: { response: ActivityResponse } },
    async (request, reply) =>
      mutate(db, request, reply, async (tx) => ({
        activity: await markViewed(tx, org(request), Number(request.params.id)),
      })),
  );

  app.get('/activities/verify_license', { config: { response: LicensesResponse } }, async (request) =>
    licensesOf(db, org(request)),
  );
  app.post(
    '/activities/verify_license',
    { schema: { body: VerifyLicenseBody }, config: { response: LicensesResponse } },
    async (request, reply) =>
      mutate(db, request, reply, (tx) => verifyLicense(tx, org(request), request.body)),
  );
  app.get(
    '/activities/licenses/:id',
    { schema: { params: IdParam }, config: { response: LicenseResponse } },
    async (request) => ({ license: await ownLicense(db, org(request), Number(request.params.id)) }),
  );
  app.delete(
    '/activities/licenses/:id',
    { schema: { params: IdParam }, config: { response: LicenseResponse } },
    async (request, reply) =>
      mutate(db, request, reply, async (tx) => ({
        license: await deleteLicense(tx, org(request), Number(request.params.id)),
      })),
  );
  app.post(
    '/activities/renew_license/:ref',
    { schema: { params: RefParam, body: RenewLicenseBody }, config: { response: LicenseResponse } },
    async (request, reply) =>
      mutate(db, request, reply, async (tx) => ({
        license: await renewLicense(tx, org(request), request.params.ref, request.body),
      })),
  );

  for (const path of ['verify_insurance', 'renew_general_insurance', 'renew_workers_comp_insurance'])
    app.get(`/activities/${path}`, { config: { response: InsuranceResponse } }, async (request) => ({
      insurance: await insuranceOf(db, org(request)),
    }));
  app.post(
    '/activities/verify_insurance',
    { schema: { body: VerifyInsuranceBody }, config: { response: InsuranceResponse } },
    async (request, reply) =>
      mutate(db, request, reply, (tx) => verifyInsurance(tx, org(request), request.body)),
  );
  app.post(
    '/activities/renew_general_insurance',
    { schema: { body: RenewGeneralBody }, config: { response: InsuranceResponse } },
    async (request, reply) => {
      const body = request.body;
      return mutate(db, request, reply, (tx) =>
        renewInsurance(
          tx,
          org(request),
          'general',
          body.general_expiration_date,
          body.general_liability_insurance_certificate,
          body.activity_id,
        ),
      );
    },
  );
  app.post(
    '/activities/renew_workers_comp_insurance',
    { schema: { body: RenewWorkersBody }, config: { response: InsuranceResponse } },
    async (request, reply) => {
      const body = request.body;
      return mutate(db, request, reply, (tx) =>
        renewInsurance(
          tx,
          org(request),
          'workers',
          body.workers_comp_expiration_date,
          body.workers_compensation_policies,
          body.activity_id,
        ),
      );
    },
  );

  app.get(
    '/activities/business_details',
    { config: { response: BusinessDetailResponse } },
    async (request) => ({
      business_detail: await businessDetailOf(db, org(request)),
    }),
  );
  app.post(
    '/activities/business_details',
    { schema: { body: BusinessDetailsBody }, config: { response: BusinessDetailResponse } },
    async (request, reply) =>
      mutate(db, request, reply, async (tx) => ({
        business_detail: await saveBusinessDetails(tx, org(request), request.body),
        message: 'Business Details updated successfully',
      })),
  );
  app.get(
    '/activities/service_details',
    { config: { response: ServiceDetailResponse } },
    async (request) => ({
      service_detail: await serviceDetailOf(db, org(request)),
    }),
  );
  app.post(
    '/activities/service_details',
    { schema: { body: ServiceDetailsBody }, config: { response: ServiceDetailResponse } },
    async (request, reply) =>
      mutate(db, request, reply, async (tx) => ({
        service_detail: await saveServiceDetails(tx, org(request), request.body),
        message: 'Service Details updated successfully',
      })),
  );

  app.get(
    '/activities/company_details',
    { config: { response: CompanyDetailResponse } },
    async (request) => ({
      company_detail: await companyDetailOf(db, org(request)),
    }),
  );
  app.post(
    '/activities/company_details',
    { schema: { body: CompanyDetailsBody }, config: { response: CompanyDetailResponse } },
    async (request, reply) =>
      mutate(db, request, reply, async (tx) => ({
        company_detail: await saveCompanyDetails(tx, org(request), request.body),
        message: COMPANY_MESSAGES.saved,
      })),
  );

  app.get('/activities/seo_content', { config: { response: SeoContentResponse } }, async (request) => ({
    data: await seoContentOf(db, org(request)),
  }));
  app.post(
    '/activities/seo_content',
    { schema: { body: SeoContentBody }, config: { response: SeoContentResponse } },
    async (request, reply) =>
      mutate(db, request, reply, async (tx) => ({
        data: await decideSeoContent(tx, org(request), request.body.status, request.body.activity_id),
        message: SEO_CONTENT_MESSAGES.body,
      })),
  );
};
