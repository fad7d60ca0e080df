/**
 * Account settings' one file with effects: request paths, the saves (through the outbox, so they
 * work offline and are delivered once) and the password change (connection only).
 *
 * - Each save is tagged with what it is about, so the screen finds it (pending, refused) with
 *   usePendingWrites; saving again while one is still queued or refused edits that same item
 *   (one profile never has two competing saves queued).
 * - Each save carries the version of the section it was made from (the stored read of Profile
 *   Details or Paid Media, the linked account's settings_version), so a change made meanwhile on
 *   another device is shown as a conflict in the outbox instead of being overwritten.
 * - The password change never queues: requireConnection() stops it offline, with the message
 *   the form shows under its button.
 */

import { request } from '../../api/client';
import type { AccountSettingsBody, PaidMediaBody, ProfileBody } from '../../api/contracts/account';
import { pathOf } from '../../api/contracts/declarations';
import { endpointPath } from '../../api/contracts/endpoints';
import { accountApi } from '../../api/contracts/routes/account';
import { MessageResponse, type PasswordBody } from '../../api/contracts/session';
import type { OutboxTag } from '../../db/app-db';
import { peekSession, setSession } from '../../db/session';
import { requireConnection } from '../../sync/connectivity-guard';
import type { WriteMethod } from '../../sync/outbox';
import { type EditRules, notSending, queueEdit } from '../../sync/outbox-edits';

export const CLIENT_PATH = accountApi.getClient.path;
export const PROFILE_PATH = accountApi.getClientProfile.path;
export const SUMMARY_PATH = accountApi.postClientAccountsSummary.path;
export const SERVICES_PATH = endpointPath('GET /services');
export const settingsPath = (refId: string) =>
  pathOf(accountApi.postClientAccountsRefIdSettings, { ref_id: refId });

export const PROFILE_TAG: OutboxTag = { type: 'client-profile', id: 'details' };
export const PAID_MEDIA_TAG: OutboxTag = { type: 'client-profile', id: 'paid-media' };
export const settingsTag = (refId: string): OutboxTag => ({ type: 'account-settings', id: refId });

type Save = { method: WriteMethod; path: string; body: object; label: string; refresh: string[] };

/**
 * Queues a save made from version `read` of its section, or re-queues the waiting/refused one
 * about the same thing, journaled in the tap's task (sync/outbox-edits.ts). Answers its id.
 */
const queueSave = (userId: number, tag: OutboxTag, save: Save, read: EditRules['read']) =>
  queueEdit({ userId, tag, ...save }, { read, joins: notSending });

export const saveProfile = (userId: number, body: ProfileBody) =>
  queueSave(
    userId,
    PROFILE_TAG,
    { method: 'PUT', path: CLIENT_PATH, body, label: 'Update Profile Details', refresh: [CLIENT_PATH] },
    { path: CLIENT_PATH, field: ['business_profile', 'version'] },
  );

export const savePaidMedia = (userId: number, body: PaidMediaBody) =>
  queueSave(
    userId,
    PAID_MEDIA_TAG,
    {
      method: 'POST',
      path: PROFILE_PATH,
      body,
      label: 'Update Paid Media / Ad Details',
      refresh: [PROFILE_PATH],
    },
    { path: PROFILE_PATH, field: ['profile', 'version'] },
  );

export const saveAccountSettings = (
  userId: number,
  account: { ref_id: string; name: string; settings_version?: number },
  body: AccountSettingsBody,
) =>
  queueSave(
    userId,
    settingsTag(account.ref_id),
    {
      method: 'POST',
      path: settingsPath(account.ref_id),
      body,
      label: `Save settings of ${account.name}`,
      // The summary is a POST read: delivered or dropped ("Take the server's"), the cards read it again.
      refresh: [`POST ${SUMMARY_PATH}`],
    },
    account.settings_version,
  );

export function changePassword(body: PasswordBody) {
  requireConnection();
  return request(MessageResponse, endpointPath('POST /client/password'), {
    method: 'POST',
    body,
    toast: false,
  });
}

/** Once Profile Details are saved, the header and menus show the new names at once. */
export async function rememberProfile(body: ProfileBody) {
  const { user } = peekSession();
  if (!user) return;
  await setSession({
    user: {
      ...user,
      first_name: body.first_name,
      last_name: body.last_name,
      job_title: body.job_title,
      business_name: body.business_name,
    },
  });
}
