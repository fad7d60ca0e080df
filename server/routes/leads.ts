/**
 * Leads (spec part 3 §7 "Leads"): the list with its statistics (POST /leads), the New filter's
 * fields, one lead's drawer, its review request, and the call recording behind a signed link.
 * With dev tools on, POST /dev/leads makes a lead arrive now (tests and demos of the live list).
 *
 * - Everything is scoped to the caller's organization (domain/leads-filters.ts, ownLead).
 * - The review runs through mutate(): an outbox replay with the same Idempotency-Key answers the
 *   stored result and never applies twice; a refused review (window closed) stores nothing.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { boolean, enums, number, object, optional, string } from 'superstruct';
import { Email } from '../../src/api/contracts/common';
import {
  LEAD_COLUMNS,
  type LeadDetail,
  LeadsQuery,
  REVIEW_MESSAGES,
  ReviewBody,
} from '../../src/api/contracts/leads';
import { users } from '../db/schema/identity';
import { leadDetails } from '../db/schema/leads';
import { accounts } from '../db/schema/shell';
import { createLead, demoLead, leadFilterFields, scopeOf } from '../domain/leads';
import { ownLead, requestReview, toLeadDetail } from '../domain/leads-detail';
import { listLeads, type ShownColumn } from '../domain/leads-list';
import { signedRecordingUrl, synthesiseRecording, verifyRecordingUrl } from '../domain/leads-recording';
import { rememberRecent } from '../domain/leads-saved-filters';
import { loadTableColumns } from '../domain/leads-table';
import { notFound, parse, parseId } from '../lib/errors';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { createRng } from '../seed/rng';
import type { RouteDeps } from './deps';

const LABELS = new Map<string, string>(LEAD_COLUMNS.map((c) => [c.name, c.label]));

const DevLeadBody = object({
  email: Email,
  lead_type: optional(enums(['Call', 'Form'])),
  /** Which of the user's accounts: its platform (bpr, fsr, live, ...); the first account otherwise. */
  platform: optional(string()),
  /** Seconds before now (a lead created in the past, e.g. near the end of its review window). */
  age_seconds: optional(number()),
  transcribed: optional(boolean()),
});

export async function leadRoutes(app: FastifyInstance, { db, live, config, becomeSecret }: RouteDeps) {
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

  app.post('/leads', { preHandler: app.auth }, async (request) => {
    const caller = callerOf(request);
    const query = parse(LeadsQuery, request.body);
    const [scope, configured] = await Promise.all([
      scopeOf(db, caller.organizationId),
      loadTableColumns(db, caller.userId, 'leads'),
    ]);
    const widths = new Map(configured.map((c) => [c.name, c.width ?? null]));
    const columns: ShownColumn[] = (
      query.required_fields ?? configured.filter((c) => c.checked).map((c) => c.name)
    ).map((name) => ({
      name: name as ShownColumn['name'],
      label: LABELS.get(name) ?? name,
      width: widths.get(name) ?? null,
    }));
    const result = await listLeads(db, scope, query, columns);
    if (query.page === 1 && (query.filters?.length || query.query?.trim())) {
      await rememberRecent(db, caller.userId, 'leads', query).catch((error) =>
        request.log.warn({ err: error }, 'recent filter not remembered'),
      );
    }
    return result;
  });

  app.get('/leads/filter_fields', { preHandler: app.auth }, async (request) => {
    const caller = callerOf(request);
    return { fields: await leadFilterFields(db, caller.organizationId) };
  });

  app.get('/leads/:id', { preHandler: app.auth }, async (request) => {
    const caller = callerOf(request);
    const id = Number(parseId(request.params));
    const lead = await toLeadDetail(db, await ownLead(db, caller.organizationId, id));
    return { lead: withSignedLinks(lead) };
  });

  app.post('/leads/:id/review', { preHandler: app.auth }, async (request, reply) => {
    const caller = callerOf(request);
    const id = Number(parseId(request.params));
    const body = parse(ReviewBody, request.body);
    return mutate(db, request, reply, async (tx) => {
      const lead = await requestReview(tx, caller.organizationId, caller.userId, id, body);
      return { message: REVIEW_MESSAGES.success, lead: withSignedLinks(lead) };
    });
  });

  app.get('/leads/:id/recording', async (request, reply) => {
    const id = Number(parseId(request.params));
    const { expires, sig } = (request.query ?? {}) as Record<string, unknown>;
    if (!verifyRecordingUrl(becomeSecret, id, expires, sig)) throw notFound('This link has expired');
    const [row] = await db
      .select({ duration: leadDetails.call_duration })
      .from(leadDetails)
      .where(eq(leadDetails.lead_id, id));
    if (!row) throw notFound('Recording not found');
    reply.header('content-type', 'audio/wav');
    reply.header('cache-control', 'private, max-age=3600');
    return reply.send(synthesiseRecording(row.duration ?? 30));
  });

  if (!config.devTools) return;
  app.post('/dev/leads', async (request) => {
    const body = parse(DevLeadBody, request.body);
    const [user] = await db
      .select({ organization_id: users.organization_id })
      .from(users)
      .where(eq(users.email, body.email.toLowerCase()));
    if (!user) throw notFound('No such user');
    const own = await db.select().from(accounts).where(eq(accounts.organization_id, user.organization_id));
    const account = own.find((a) => !body.platform || a.platform === body.platform);
    if (!account) throw notFound('No such account');
    const type = body.lead_type ?? 'Call';
    const input = demoLead(createRng(Date.now() % 2_147_483_647), type);
    input.created_at = new Date(Date.now() - Math.max(0, body.age_seconds ?? 0) * 1000);
    if (type === 'Call' && input.details) {
      input.details.recording_url = '/demo/recordings/new-call.wav';
      if (body.transcribed !== false) {
        input.details.transcriptions = [
          {
            participant_type: 'speaker_1',
            message_text: `Thanks for calling ${account.name.split(' - ')[0]}, how can I help?`,
          },
          { participant_type: 'speaker_2', message_text: 'Hi, I would like a quote for a repair this week.' },
        ];
      }
    }
    const lead = await createLead(db, live, account.id, input);
    return { lead: { id: lead.id, ref_id: lead.ref_id, created_at: lead.created_at.toISOString() } };
  });
}
