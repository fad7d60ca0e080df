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
import { type LeadDetail, REVIEW_MESSAGES } from '../../src/api/contracts/leads';
import { devApi } from '../../src/api/contracts/routes/dev';
import { leadsApi } from '../../src/api/contracts/routes/leads';
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
import { serve } from './serve';

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

  serve(app, leadsApi.getLeadsId, async (request) => {
    const id = Number(request.params.id);
    const lead = await toLeadDetail(db, await ownLead(db, callerOf(request).organizationId, id));
    return { lead: withSignedLinks(lead) };
  });

  serve(app, leadsApi.postLeadsIdReview, async (request, reply) => {
    const caller = callerOf(request);
    const id = Number(request.params.id);
    return mutate(db, request, reply, async (tx) => {
      const lead = await requestReview(tx, caller.organizationId, caller.userId, id, request.body);
      return { message: REVIEW_MESSAGES.success, lead: withSignedLinks(lead) };
    });
  });
};

/** What a signed link carries besides its path: its expiry and signature (checked by the context). */

export const leadRecordingRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  serve(
    app,
    leadsApi.getLeadsIdRecording,
    async (request, reply) => {
      const seconds = await recordingSeconds(app.db, Number(request.params.id));
      if (seconds === null) throw notFound('Recording not found');
      reply.header('content-type', 'audio/wav');
      reply.header('cache-control', 'private, max-age=3600');
      return reply.send(synthesiseRecording(seconds));
    },
    {
      config: {
        signedUrl: (secret, request) => {
          const { id } = request.params as { id?: string };
          const { expires, sig } = (request.query ?? {}) as Record<string, unknown>;
          return verifyRecordingUrl(secret, Number(id), expires, sig);
        },
      },
    },
  );
};

export const devLeadRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  serve(app, devApi.postDevLeads, async (request) => {
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
  });
};
