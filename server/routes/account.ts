/**
 * Account settings (spec part 2 §7): Profile Details (GET/PUT /client), Paid Media / Ad Details
 * (GET/POST /client/profile), linked accounts (POST /client/accounts/summary, POST
 * /client/accounts/{ref_id}/settings). Session context, scoped to the caller's organization. The
 * password change is POST /client/password (routes/password.ts).
 *
 * Saves run through mutate(): an outbox replay with the same Idempotency-Key answers the stored
 * result and never applies twice; a refused save (422) stores nothing.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNT_TOASTS } from '../../src/api/contracts/account';
import { accountApi } from '../../src/api/contracts/routes/account';
import { accountsSummary, saveAccountSettings } from '../domain/account/account-linked';
import {
  loadBusinessProfile,
  loadClientProfile,
  saveBusinessProfile,
  savePaidMedia,
} from '../domain/account/account-profile';
import { completeActivity } from '../domain/activities/activities';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

export const accountRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;

  serve(app, accountApi.getClient, async (request) => {
    const caller = callerOf(request);
    return { business_profile: await loadBusinessProfile(db, caller.userId, caller.organizationId) };
  });

  serve(app, accountApi.putClient, async (request, reply) => {
    const caller = callerOf(request);
    return mutate(db, request, reply, async (tx) => ({
      business_profile: await saveBusinessProfile(tx, caller.userId, caller.organizationId, request.body),
    }));
  });

  serve(app, accountApi.getClientProfile, async (request) => ({
    profile: await loadClientProfile(db, callerOf(request).organizationId),
  }));

  serve(app, accountApi.postClientProfile, async (request, reply) => {
    const caller = callerOf(request);
    return mutate(db, request, reply, async (tx) => ({
      profile: await savePaidMedia(tx, caller.organizationId, request.body),
    }));
  });

  serve(app, accountApi.postClientAccountsSummary, async (request) =>
    accountsSummary(db, callerOf(request).organizationId),
  );

  serve(app, accountApi.postClientAccountsRefIdSettings, async (request, reply) => {
    const caller = callerOf(request);
    return mutate(db, request, reply, async (tx) => {
      const account = await saveAccountSettings(
        tx,
        caller.organizationId,
        request.params.ref_id,
        request.body,
      );
      // The overview's lead_transfer_details task (a second host of these settings) is done.
      await completeActivity(tx, caller.organizationId, request.body.activity_id, ['lead_transfer_details']);
      return { message: ACCOUNT_TOASTS.settings, account };
    });
  });
};
