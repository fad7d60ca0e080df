/**
 * Prints an invitation (resume-registration) link for a customer, creating the customer when the
 * email is new:
 *   node --import tsx server/cli/invite.ts new@customer.test [--first Ann] [--last Lee]
 *     [--business "Lee Roofing"] [--hours 72]
 *
 * The embedded database can be open in one process only: while `npm start` runs, the link is
 * minted by that server's dev endpoint; otherwise (or on PostgreSQL) the database is opened here.
 * An account that has completed sign-up or has a password gets no link (the link would sign in
 * as them): the command says so and exits with 1.
 *
 * With --ms-id or --lead-id it prints a legacy-platform or sales-lead sign-up link instead
 * (domain/signup/signup-links.ts): keyed by SIGNUP_API_TOKEN (or, unset outside production, by the key
 * derived from the data directory's become.key), so it needs neither the database nor the server.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDb } from '../db/client';
import { becomeSecret } from '../domain/auth/become';
import { type Invitation, inviteCustomer } from '../domain/signup/signup-invite';
import { signupLinkPath } from '../domain/signup/signup-links';
import { HttpError } from '../lib/errors';
import { signupSecret } from '../plugins/auth-contexts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    first: { type: 'string' },
    last: { type: 'string' },
    business: { type: 'string' },
    hours: { type: 'string' },
    'ms-id': { type: 'string' },
    'lead-id': { type: 'string' },
  },
});
const config = loadConfig();

const signupLinkId = values['ms-id'] ?? values['lead-id'];
if (signupLinkId) {
  try {
    const secret = signupSecret(becomeSecret(config), config);
    const kind = values['ms-id'] ? 'legacy' : 'lead';
    console.log(`http://localhost:${config.port}${signupLinkPath(secret, kind, signupLinkId)}`);
    console.log('(works until that sign-up is completed, or SIGNUP_API_TOKEN changes)');
    process.exit(0);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

const email = positionals[0];
if (!email) {
  console.error(
    'Usage: node --import tsx server/cli/invite.ts <email> [--first ..] [--last ..] [--business ..] [--hours 72]\n' +
      '       node --import tsx server/cli/invite.ts --ms-id MS-1001 | --lead-id 00Q-DEMO-0001',
  );
  process.exit(2);
}
const invitation: Invitation = {
  email,
  first_name: values.first,
  last_name: values.last,
  business_name: values.business,
  ttl_hours: values.hours ? Number(values.hours) : undefined,
};

/** The first message of an `{errors}` body, a string or `{field: [messages]}`. */
function errorMessage(errors: unknown): string {
  if (typeof errors === 'string') return errors;
  const first = Object.values((errors ?? {}) as Record<string, string[]>)[0];
  return first?.[0] ?? JSON.stringify(errors);
}

class Refused extends Error {}

async function viaRunningServer(): Promise<string | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/api/v1/dev/invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(invitation),
    });
    if (res.status === 404) return null;
    const body = (await res.json()) as { link?: string; errors?: unknown };
    if (!res.ok || !body.link) throw new Refused(errorMessage(body.errors));
    return body.link;
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return null;
    throw error;
  }
}

async function viaDatabase(): Promise<string> {
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  try {
    return (await inviteCustomer(handle.db, invitation)).link;
  } catch (error) {
    if (error instanceof HttpError) throw new Refused(errorMessage(error.body.errors));
    throw error;
  } finally {
    await handle.close();
  }
}

let link: string;
try {
  link = (!config.databaseUrl && (await viaRunningServer())) || (await viaDatabase());
} catch (error) {
  if (!(error instanceof Refused)) throw error;
  console.error(`${email}: ${error.message}`);
  process.exit(1);
}
console.log(`http://localhost:${config.port}${link}`);
console.log(`(valid until used to complete sign-up, at most ${invitation.ttl_hours ?? 72} hours)`);
