/**
 * The custom (lead-based) sign-up (spec part 1 §3, §4, §6, §7) and the catalogue reads sign-up
 * needs: GET /services, GET /client/lead_costs (the Pay-Per-Lead pricing modal, from
 * price_categories), the lead's data, and registration_first_step / registration_second_step.
 *
 * - customSignupRoutes: API-token context (X-Api-Token: the deployment's SIGNUP_API_TOKEN, or the
 *   lead's link pass, which opens that lead only: another lead's id answers NO_LEAD, 404).
 * - servicesRoutes: API-token-or-session context (the other flows load services after step 1).
 * - Step 1 creates the customer from the sales lead and answers a registration token; step 2 must
 *   carry that token (Basic auth) and the same lead (domain/signup/signup-custom.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { signupCustomApi } from '../../src/api/contracts/routes/signup-custom';
import { stepErrors } from '../../src/api/contracts/signup';
import { attemptSucceeded, claimAttempt } from '../domain/auth/rate-limit';
import {
  customFirstStep,
  customSecondStep,
  leadCosts,
  listServices,
  NO_LEAD,
  openLead,
} from '../domain/signup/signup-custom';
import { basicToken } from '../domain/signup/signup-invite';
import { notFound, unprocessable } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { mayOpenLead } from '../plugins/auth-contexts';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

const RATE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export const servicesRoutes: FastifyPluginAsync = async (app) => {
  serve(app, signupCustomApi.getServices, async () => ({
    services: await listServices(app.db),
  }));
};

export const customSignupRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db, config } = app;

  serve(
    app,
    signupCustomApi.getClientLeadCosts,
    async () => ({
      categories: await leadCosts(db),
    }),
    { config: { ...RATE_LIMIT } },
  );

  serve(
    app,
    signupCustomApi.getClientGetUserData,
    async (request) => {
      // The contact details show only for the lead the link's pass opens (or to the deployment's
      // token). Look-ups are claimed as attempts as well and only a lead that exists clears one,
      // so even the token cannot be used to list leads fast: RATE_PER_IP misses per window, then 429.
      const id = request.query.salesforce_id.trim();
      if (!mayOpenLead(request, id)) throw notFound(NO_LEAD);
      await claimAttempt(db, config, 'lead_lookup', id.slice(0, 64), request.ip);
      const lead = await openLead(db, id);
      await attemptSucceeded(db, 'lead_lookup', id.slice(0, 64), request.ip);
      return {
        data: {
          first_name: lead.first_name,
          last_name: lead.last_name,
          email: lead.email,
          phone_number: lead.phone_number,
          address: lead.address,
          business_name: lead.business_name,
          services: lead.services,
        },
      };
    },
    { config: { ...RATE_LIMIT } },
  );

  serve(
    app,
    signupCustomApi.postClientRegistrationFirstStep,
    async (request, reply) => {
      const body = request.body;
      const errors =
        stepErrors('custom-account', body) ??
        (body.salesforce_id.trim() ? null : { salesforce_id: ['This field is required*'] });
      if (errors) throw unprocessable(errors);
      if (!mayOpenLead(request, body.salesforce_id)) throw notFound(NO_LEAD);
      return mutate(db, request, reply, (tx) => customFirstStep(tx, body));
    },
    { config: { ...RATE_LIMIT } },
  );

  serve(
    app,
    signupCustomApi.postClientRegistrationSecondStep,
    async (request, reply) => {
      const errors = stepErrors('custom-business', request.body);
      if (errors) throw unprocessable(errors);
      if (!mayOpenLead(request, request.body.salesforce_id)) throw notFound(NO_LEAD);
      const token = basicToken(request);
      return mutate(db, request, reply, (tx) =>
        customSecondStep(tx, request.body, token, config.session.absoluteHours),
      );
    },
    { config: { ...RATE_LIMIT } },
  );
};
