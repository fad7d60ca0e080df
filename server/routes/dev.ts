/**
 * Development helpers, registered only when dev tools are on: the mailbox page that shows the
 * mails this server "sent" (no real mail leaves it) and its JSON twin for tests, and the live
 * emitter. Public context (dev tools only, never in production). The mailbox also lists the open
 * legacy and lead sign-up links, as their customers would have received them.
 */
import type { FastifyPluginAsync } from 'fastify';
import { devApi } from '../../src/api/contracts/routes/dev';
import { findUserByEmail } from '../domain/auth/sessions';
import { recentMails } from '../domain/messaging/mails';
import { notifyUser } from '../domain/messaging/notify';
import { openSignupLinks } from '../domain/signup/signup-links';
import { notFound } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { signupSecret } from '../plugins/auth-contexts';
import { serve } from './serve';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const linkify = (text: string) =>
  escapeHtml(text).replace(/(\/(?:login|signup)\?[^\s<]+)/g, '<a href="$1">$1</a>');

export const devRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db, live } = app;

  serve(
    app,
    devApi.postDevEmit,
    async (request) => {
      const body = request.body;
      const user = await findUserByEmail(db, body.email.trim().toLowerCase());
      if (!user) throw notFound('No such user');
      const sent: unknown[] = [];
      if (body.notification) sent.push(await notifyUser(db, live, user.id, body.notification));
      if (body.payload) sent.push({ id: await live.publish(db, user.id, body.payload) });
      return { sent };
    },
    { atRoot: true },
  );

  serve(
    app,
    devApi.getDevMails,
    async (request) => {
      const rows = await recentMails(db, request.query.to);
      return {
        mails: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          body: m.body,
          created_at: m.created_at.toISOString(),
        })),
      };
    },
    { atRoot: true },
  );

  app.get('/dev/mailbox', async (_request, reply) => {
    const rows = await recentMails(db);
    const links = await openSignupLinks(db, signupSecret(app.becomeSecret, app.config));
    const signup = links
      .map(
        (l) =>
          `<li>${l.kind === 'legacy' ? 'Legacy-platform migration' : 'Sales lead'} ${escapeHtml(l.id)}, ${escapeHtml(l.name)} (${escapeHtml(l.email)}): ${linkify(l.link)}</li>`,
      )
      .join('');
    const items = rows
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.created_at.toISOString()}</p><pre>${linkify(m.body)}</pre></article>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Dev mailbox</title><link rel="stylesheet" href="/dev/mailbox.css"></head><body><h1>Dev mailbox</h1><p>Mails this server would have sent. Nothing leaves the machine.</p>${signup ? `<h2>Open sign-up links</h2><ul>${signup}</ul>` : ''}${items || '<p>No mail yet.</p>'}</body></html>`;
  });

  app.get('/dev/mailbox.css', async (_request, reply) => {
    reply.type('text/css');
    return 'body{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2937}article{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.05rem}.meta{color:#6b7280;margin:.25rem 0}pre{white-space:pre-wrap;font:inherit}';
  });
};
