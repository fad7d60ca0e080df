/**
 * The card provider's sandbox, served beside the portal (outside /api/v1, as a third party would
 * be): the hosted-fields script, the iframe page with its script and styles, and tokenize.
 *
 * - Same origin as the portal, so the strict CSP (script-src 'self', frames 'self') allows it; the
 *   iframe page alone may be framed (by this origin only), every other page keeps frame-ancestors
 *   'none'.
 * - The portal's address for the script is configurable (VITE_PAYMENT_SCRIPT_URL); the iframe and
 *   tokenize are found relative to it, as with a real provider.
 * - Public context: the provider authorises tokenize by its checkout token, inside the body.
 */
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { TokenizeBody, TokenizeResponse } from '../../src/api/contracts/payments';
import { sandboxKey, tokenize } from '../domain/billing/payments-sandbox';
import type { StructTypeProvider } from '../lib/validation';

export const SANDBOX_BASE = '/sandbox/paysimple';

const FILES: Record<string, string> = {
  'hosted-fields.js': 'application/javascript; charset=utf-8',
  'fields.html': 'text/html; charset=utf-8',
  'fields.js': 'application/javascript; charset=utf-8',
  'fields.css': 'text/css; charset=utf-8',
};

const FRAME_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "frame-ancestors 'self'; form-action 'none'; base-uri 'none'; object-src 'none'";

export const paysimpleSandboxRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const key = sandboxKey(app.becomeSecret);
  const contents = Object.fromEntries(
    Object.keys(FILES).map((name) => [
      name,
      readFileSync(new URL(`./paysimple/${name}`, import.meta.url), 'utf8'),
    ]),
  );

  for (const [name, type] of Object.entries(FILES)) {
    app.get(`${SANDBOX_BASE}/${name}`, async (_request, reply) => {
      reply.type(type).header('cache-control', 'no-cache');
      if (name === 'fields.html')
        reply.header('content-security-policy', FRAME_CSP).header('x-frame-options', 'SAMEORIGIN');
      return contents[name];
    });
  }

  app.post(
    `${SANDBOX_BASE}/tokenize`,
    {
      schema: { body: TokenizeBody },
      config: { response: TokenizeResponse, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const outcome = tokenize(key, request.body);
      reply.header('cache-control', 'no-store');
      if (outcome.ok) return outcome.answer;
      return reply.code(outcome.status).send({ errors: outcome.errors });
    },
  );
};
