/**
 * Prints a one-time impersonation link for a demo user:
 *   npm run become -- owner@demo.test [staff@demo.test]
 * The link works once and expires after a few minutes.
 */
import { loadConfig } from '../config';
import { BECOME_TTL_MINUTES, becomeSecret, signBecome } from '../domain/auth/become';
import { STAFF_EMAIL } from '../seed/people';

const [email, staffEmail = STAFF_EMAIL] = process.argv.slice(2);
if (!email) {
  console.error('Usage: npm run become -- <customer email> [staff email]');
  process.exit(2);
}
const config = loadConfig();
const ed = signBecome(becomeSecret(config), staffEmail, email);
const query = new URLSearchParams({ ed, email });
console.log(`http://localhost:${config.port}/become?${query}`);
console.log(`(valid once, for ${BECOME_TTL_MINUTES} minutes, as ${staffEmail})`);
