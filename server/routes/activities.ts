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
import { activitiesApi } from '../../src/api/contracts/routes/activities';
import { COMPANY_MESSAGES, SEO_CONTENT_MESSAGES } from '../../src/api/contracts/tasks';
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
import { serve } from './serve';

export const activityRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;
  const org = (request: Parameters<typeof callerOf>[0]) => callerOf(request).organizationId;

  serve(app, activitiesApi.getActivities, async (request) => listActivities(db, org(request), request.query));
  serve(app, activitiesApi.putActivitiesId, async (request, reply) =>
    mutate(db, request, reply, async (tx) => ({
      activity: await markViewed(tx, org(request), Number(request.params.id)),
    })),
  );

  serve(app, activitiesApi.getActivitiesVerifyLicense, async (request) => licensesOf(db, org(request)));
  serve(app, activitiesApi.postActivitiesVerifyLicense, async (request, reply) =>
    mutate(db, request, reply, (tx) => verifyLicense(tx, org(request), request.body)),
  );
  serve(app, activitiesApi.getActivitiesLicensesId, async (request) => ({
    license: await ownLicense(db, org(request), Number(request.params.id)),
  }));
  serve(app, activitiesApi.deleteActivitiesLicensesId, async (request, reply) =>
    mutate(db, request, reply, async (tx) => ({
      license: await deleteLicense(tx, org(request), Number(request.params.id)),
    })),
  );
  serve(app, activitiesApi.postActivitiesRenewLicenseRef, async (request, reply) =>
    mutate(db, request, reply, async (tx) => ({
      license: await renewLicense(tx, org(request), request.params.ref, request.body),
    })),
  );

  for (const declaration of [
    activitiesApi.getActivitiesVerifyInsurance,
    activitiesApi.getActivitiesRenewGeneralInsurance,
    activitiesApi.getActivitiesRenewWorkersCompInsurance,
  ])
    serve(app, declaration, async (request) => ({
      insurance: await insuranceOf(db, org(request)),
    }));
  serve(app, activitiesApi.postActivitiesVerifyInsurance, async (request, reply) =>
    mutate(db, request, reply, (tx) => verifyInsurance(tx, org(request), request.body)),
  );
  serve(app, activitiesApi.postActivitiesRenewGeneralInsurance, async (request, reply) => {
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
  });
  serve(app, activitiesApi.postActivitiesRenewWorkersCompInsurance, async (request, reply) => {
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
  });

  serve(app, activitiesApi.getActivitiesBusinessDetails, async (request) => ({
    business_detail: await businessDetailOf(db, org(request)),
  }));
  serve(app, activitiesApi.postActivitiesBusinessDetails, async (request, reply) =>
    mutate(db, request, reply, async (tx) => ({
      business_detail: await saveBusinessDetails(tx, org(request), request.body),
      message: 'Business Details updated successfully',
    })),
  );
  serve(app, activitiesApi.getActivitiesServiceDetails, async (request) => ({
    service_detail: await serviceDetailOf(db, org(request)),
  }));
  serve(app, activitiesApi.postActivitiesServiceDetails, async (request, reply) =>
    mutate(db, request, reply, async (tx) => ({
      service_detail: await saveServiceDetails(tx, org(request), request.body),
      message: 'Service Details updated successfully',
    })),
  );

  serve(app, activitiesApi.getActivitiesCompanyDetails, async (request) => ({
    company_detail: await companyDetailOf(db, org(request)),
  }));
  serve(app, activitiesApi.postActivitiesCompanyDetails, async (request, reply) =>
    mutate(db, request, reply, async (tx) => ({
      company_detail: await saveCompanyDetails(tx, org(request), request.body),
      message: COMPANY_MESSAGES.saved,
    })),
  );

  serve(app, activitiesApi.getActivitiesSeoContent, async (request) => ({
    data: await seoContentOf(db, org(request)),
  }));
  serve(app, activitiesApi.postActivitiesSeoContent, async (request, reply) =>
    mutate(db, request, reply, async (tx) => ({
      data: await decideSeoContent(tx, org(request), request.body.status, request.body.activity_id),
      message: SEO_CONTENT_MESSAGES.body,
    })),
  );
};
