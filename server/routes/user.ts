/**
 * GET /user/settings: what the shell needs after sign-in (spec part 1 §3 "User settings
 * response"): tabs, platforms, review reasons, time zone, media types and RevConnect visibility.
 * Session context.
 */
import type { FastifyPluginAsync } from 'fastify';
import { userApi } from '../../src/api/contracts/routes/user';
import { loadUserSettings } from '../domain/auth/users';
import { callerOf } from '../plugins/auth';
import { serve } from './serve';

export const userRoutes: FastifyPluginAsync = async (app) => {
  serve(app, userApi.getUserSettings, async (request) => {
    return loadUserSettings(app.db, callerOf(request));
  });
};
