/**
 * The marketing-automation provider's form intake (spec part 3 §7: "POST to a marketing-automation
 * form-submission endpoint with the interest fields"), served beside the portal outside /api/v1 as
 * a third party would be. Public and rate-limited per address, like a real provider's intake; the
 * portal's address for it is configurable (VITE_INTEREST_FORM_URL).
 */
import type { FastifyPluginAsync } from 'fastify';
import { InterestFormBody, InterestFormResponse } from '../../src/api/contracts/marketing';
import { saveInterestForm } from '../domain/support/interest';
import type { StructTypeProvider } from '../lib/validation';

export const INTEREST_FORM_PATH = '/sandbox/marketing/submissions';

export const marketingSandboxRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  app.post(
    INTEREST_FORM_PATH,
    {
      schema: { body: InterestFormBody },
      config: { response: InterestFormResponse, rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const submissionId = await saveInterestForm(app.db, request.body);
      reply.header('cache-control', 'no-store');
      return { inlineMessage: 'Thanks for submitting the form.', submission_id: submissionId };
    },
  );
};
