/**
 * Leads (spec part 3 §7 "Leads"): one lead's drawer, its review request, and the call recording
 * behind a signed link. The list with its statistics and the New filter's fields are reports
 * (domain/performance/reports.ts). With dev tools on, POST /dev/leads makes a lead arrive now (tests and demos
 * of the live list).
 *
 * - leadRoutes: session context, scoped to the caller's organization (ownLead).
 * - leadRecordingRoutes: signed-URL context (an <audio> sends no headers).
 * - devLeadRoutes: public context, dev tools only.
 * - The review runs through mutate(): an outbox replay with the same Idempotency-Key answers the
 *   stored result and never applies twice; a refused review (window closed) stores nothing.
 */
import type { FastifyPluginAsync } from 'fastify';
import { boolean, enums, number, object, optional, string } from 'superstruct';
import { Email, IdParam } from '../../src/api/contracts/common';
import {
  type LeadDetail,
  LeadDetailResponse,
  REVIEW_MESSAGES,
  ReviewRequestBody,
  ReviewResponse,
} from '../../src/api/contracts/leads';
import { arriveDemoLead } from '../demo/demo-lead';
import { accountsOfUser } from '../domain/account/accounts';
import { ownLead, requestReview, toLeadDetail } from '../domain/leads/leads-detail';
import {
  recordingSeconds,
  signedRecordingUrl,
  synthesiseRecording,
  verifyRecordingUrl,
} from '../domain/leads/leads-recording';
import { nowMs } from '../lib/clock';
import { notFound } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { createRng } from '../seed/rng';

export const leadRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db, becomeSecret } = app;

  /** Recording and conversation links signed for this response (an <audio> sends no headers). */
  const withSignedLinks = (lead: LeadDetail): LeadDetail => {
    if (!lead.details.recording_url) return lead;
    const url = signedRecordingUrl(becomeSecret, lead.id);
    return {
      ...lead,
      details: {
        ...lead.details,
        recording_url: url,
        conversations: lead.details.conversations.map((c) =>
          c.recording_url ? { ...c, recording_url: url } : c,
        ),
      },
    };
  };

  app.get(
    '/leads/:id',
    { schema: { params: IdParam }, config: { response: LeadDetailResponse } },
    async (request) => {
      const id = Number(request.params.id);
      const lead = await toLeadDetail(db, await ownLead(db, callerOf(request).organizationId, id));
      return { lead: withSignedLinks(lead) };
    },
  );

  app.post(
    '/leads/:id/review',
    { schema: { params: IdParam, body: ReviewRequestBody }, config: { response: ReviewResponse } },
    async (request, reply) => {
      const caller = callerOf(request);
      const id = Number(request.params.id);
      return mutate(db, request, reply, async (tx) => {
        const lead = await requestReview(tx, caller.organizationId, caller.userId, id, request.body);
        return { message: REVIEW_MESSAGES.success, lead: withSignedLinks(lead) };
      });
    },
  );
};

/** What a signed link carries besides its path: its expiry and signature (checked by the context). */
const SignedQuery = object({ expires: string(), sig: string() });

export const leadRecordingRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  app.get(
    '/leads/:id/recording',
    {
      schema: { params: IdParam, querystring: SignedQuery },
      config: {
        signedUrl: (secret, request) => {
          const { id } = request.params as { id?: string };
          const { expires, sig } = (request.query ?? {}) as Record<string, unknown>;
          return verifyRecordingUrl(secret, Number(id), expires, sig);
        },
      },
    },
    async (request, reply) => {
      const seconds = await recordingSeconds(app.db, Number(request.params.id));
      if (seconds === null) throw notFound('Recording not found');
      reply.header('content-type', 'audio/wav');
      reply.header('cache-control', 'private, max-age=3600');
      return reply.send(synthesiseRecording(seconds));
    },
  );
};

const DevLeadBody = object({
  email: Email,
  lead_type: optional(enums(['Call', 'Form'])),
  /** Which of the user's accounts: its platform (bpr, fsr, live, ...); the first account otherwise. */
  platform: optional(string()),
  /** Seconds before now (a lead created in the past, e.g. near the end of its review window). */
  age_seconds: optional(number()),
  transcribed: optional(boolean()),
});
const DevLeadResponse = object({ lead: object({ id: number(), ref_id: string(), created_at: string() }) });

export const devLeadRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  app.post(
    '/dev/leads',
    { schema: { body: DevLeadBody }, config: { response: DevLeadResponse } },
    async (request) => {
      const body = request.body;
      const own = await accountsOfUser(app.db, body.email);
      if (!own) throw notFound('No such user');
      const account = own.find((a) => !body.platform || a.platform === body.platform);
      if (!account) throw notFound('No such account');
      const lead = await arriveDemoLead(
        { db: app.db, live: app.live },
        createRng(nowMs() % 2_147_483_647),
        account.id,
        {
          lead_type: body.lead_type ?? 'Call',
          age_seconds: body.age_seconds,
          transcribed: body.transcribed,
        },
      );
      return { lead: { id: lead.id, ref_id: lead.ref_id, created_at: lead.created_at.toISOString() } };
    },
  );
};
