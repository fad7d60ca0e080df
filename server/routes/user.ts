/**
 * GET /user/settings: what the shell needs after sign-in (spec part 1 §3 "User settings
 * response"): tabs, platforms, review reasons, time zone, media types and RevConnect visibility.
 * Session context.
 */
import type { FastifyPluginAsync } from 'fastify';
import { UserSettings } from '../../src/api/contracts/session';
import { loadUserSettings } from '../domain/auth/users';
import { callerOf } from '../plugins/auth';

export const userRoutes: FastifyPluginAsync = async (app) => {
  app.get('/user/settings', { config: { response: UserSettings } }, async (request) => {
    return loadUserSettings(app.db, callerOf(request));
  });
};
