/**
 * Prints an invitation (resume-registration) link for a customer, creating the customer when the
 * email is new:
 *   node --import tsx server/cli/invite.ts new@customer.test [--first Ann] [--last Lee]
 *     [--business "Lee Roofing"] [--hours 72]
 *
 * The embedded database can be open in one process only: while `npm start` runs, the link is
 * minted by that server's dev endpoint; otherwise (or on PostgreSQL) the database is opened here.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDb } from '../db/client';
import { type Invitation, inviteCustomer } from '../domain/signup-invite';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    first: { type: 'string' },
    last: { type: 'string' },
    business: { type: 'string' },
    hours: { type: 'string' },
  },
});
const email = positionals[0];
if (!email) {
  console.error(
    'Usage: node --import tsx server/cli/invite.ts <email> [--first ..] [--last ..] [--business ..] [--hours 72]',
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
const config = loadConfig();

async function viaRunningServer(): Promise<string | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/api/v1/dev/invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(invitation),
    });
    if (res.status === 404) return null;
    const body = (await res.json()) as { link?: string; errors?: unknown };
    if (!res.ok || !body.link) throw new Error(`The server refused: ${JSON.stringify(body.errors)}`);
    return body.link;
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return null;
    throw error;
  }
}

async function viaDatabase(): Promise<string> {
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  try {
    const result = await inviteCustomer(handle.db, invitation);
    if (result.signup_completed) console.warn(`Note: ${email} has already completed sign-up.`);
    return result.link;
  } finally {
    await handle.close();
  }
}

const link = (!config.databaseUrl && (await viaRunningServer())) || (await viaDatabase());
console.log(`http://localhost:${config.port}${link}`);
console.log(`(valid until used to complete sign-up, at most ${invitation.ttl_hours ?? 72} hours)`);
