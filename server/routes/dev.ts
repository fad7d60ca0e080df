/**
 * Development helpers, registered only when dev tools are on: the mailbox page that shows the
 * mails this server "sent" (no real mail leaves it) and its JSON twin for tests.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { any, enums, nullable, number, object, optional, record, string } from 'superstruct';
import { Email } from '../../src/api/contracts/common';
import { mails, users } from '../db/schema/identity';
import { notifyUser } from '../domain/notify';
import { notFound, parse } from '../lib/errors';
import type { RouteDeps } from './deps';

/** A chosen live message for a chosen user: a notification, or any raw payload. */
const EmitBody = object({
  email: Email,
  notification: optional(
    object({
      message: string(),
      action: enums(['go_to', 'download', 'no_action']),
      index: optional(nullable(string())),
      id: optional(nullable(number())),
    }),
  ),
  payload: optional(record(string(), any())),
});

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const linkify = (text: string) => escapeHtml(text).replace(/(\/login\?[^\s<]+)/g, '<a href="$1">$1</a>');

export async function devRoutes(app: FastifyInstance, { db, live }: RouteDeps) {
  app.post('/api/v1/dev/emit', async (request) => {
    const body = parse(EmitBody, request.body);
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, body.email.trim().toLowerCase()));
    if (!user) throw notFound('No such user');
    const sent: unknown[] = [];
    if (body.notification) sent.push(await notifyUser(db, live, user.id, body.notification));
    if (body.payload) sent.push({ id: await live.publish(db, user.id, body.payload) });
    return { sent };
  });

  app.get('/api/v1/dev/mails', async (request) => {
    const to = (request.query as { to?: string }).to;
    const rows = await db
      .select()
      .from(mails)
      .where(to ? eq(mails.to, to.trim().toLowerCase()) : undefined)
      .orderBy(desc(mails.id))
      .limit(50);
    return {
      mails: rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        body: m.body,
        created_at: m.created_at,
      })),
    };
  });

  app.get('/dev/mailbox', async (_request, reply) => {
    const rows = await db.select().from(mails).orderBy(desc(mails.id)).limit(50);
    const items = rows
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.created_at.toISOString()}</p><pre>${linkify(m.body)}</pre></article>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Dev mailbox</title><link rel="stylesheet" href="/dev/mailbox.css"></head><body><h1>Dev mailbox</h1><p>Mails this server would have sent. Nothing leaves the machine.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
  });

  app.get('/dev/mailbox.css', async (_request, reply) => {
    reply.type('text/css');
    return 'body{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2937}article{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.05rem}.meta{color:#6b7280;margin:.25rem 0}pre{white-space:pre-wrap;font:inherit}';
  });
}
