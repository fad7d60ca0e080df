/**
 * The credentials sign-up links carry, as a test server computes them: the deployment's API token
 * (SIGNUP_API_TOKEN, derived from the data directory's key when unset) and a link's pass.
 */
import { type LinkKind, linkKey } from '../../server/domain/signup/signup-links';
import { signupSecret } from '../../server/plugins/auth-contexts';
import { signupPass } from '../../src/api/contracts/signup';
import type { TestApp } from './helpers';

/** The X-Api-Token header with the deployment's token: every lead, as the provider's systems. */
export const apiToken = (t: TestApp) => ({ 'x-api-token': signupSecret(t.app.becomeSecret, t.config) });

/** The X-Api-Token header with the pass of one legacy account's or lead's link. */
export const linkPass = (t: TestApp, kind: LinkKind, id: string) => ({
  'x-api-token': signupPass(id, linkKey(signupSecret(t.app.becomeSecret, t.config), kind, id)),
});
