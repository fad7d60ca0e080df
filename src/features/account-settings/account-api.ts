/**
 * Account settings' one file with effects: request paths, the saves (through the outbox, so they
 * work offline and are delivered once) and the password change (connection only).
 *
 * - Each save is tagged with what it is about, so the screen finds it (pending, refused) with
 *   usePendingWrites; saving again while one is still queued or refused edits that same item
 *   (one profile never has two competing saves queued).
 * - The password change never queues: requireConnection() stops it offline, with the message
 *   the form shows under its button.
 */

import { request } from '../../api/client';
import type { AccountSettingsBody, PaidMediaBody, ProfileBody } from '../../api/contracts/account';
import { MessageResponse, type PasswordBody } from '../../api/contracts/session';
import type { OutboxTag } from '../../db/app-db';
import { peekSession, setSession } from '../../db/session';
import { requireConnection } from '../../sync/connectivity-guard';
import { editItem, enqueue, type WriteMethod } from '../../sync/outbox';
import { writesFor } from '../../sync/use-pending-writes';

export const CLIENT_PATH = '/client';
export const PROFILE_PATH = '/client/profile';
export const SUMMARY_PATH = '/client/accounts/summary';
export const SERVICES_PATH = '/services';
export const settingsPath = (refId: string) => `/client/accounts/${encodeURIComponent(refId)}/settings`;

export const PROFILE_TAG: OutboxTag = { type: 'client-profile', id: 'details' };
export const PAID_MEDIA_TAG: OutboxTag = { type: 'client-profile', id: 'paid-media' };
export const settingsTag = (refId: string): OutboxTag => ({ type: 'account-settings', id: refId });

type Save = { method: WriteMethod; path: string; body: unknown; label: string; refresh: string[] };

/** Queues a save, or re-queues the waiting/refused one about the same thing. Answers its id. */
async function queueSave(userId: number, tag: OutboxTag, save: Save): Promise<number> {
  const existing = (await writesFor(userId, tag)).find((item) => item.status !== 'sending');
  if (existing?.id !== undefined) {
    await editItem(existing.id, save.body);
    return existing.id;
  }
  return enqueue({ userId, tag, ...save });
}

export const saveProfile = (userId: number, body: ProfileBody) =>
  queueSave(userId, PROFILE_TAG, {
    method: 'PUT',
    path: CLIENT_PATH,
    body,
    label: 'Update Profile Details',
    refresh: [CLIENT_PATH],
  });

export const savePaidMedia = (userId: number, body: PaidMediaBody) =>
  queueSave(userId, PAID_MEDIA_TAG, {
    method: 'POST',
    path: PROFILE_PATH,
    body,
    label: 'Update Paid Media / Ad Details',
    refresh: [PROFILE_PATH],
  });

export const saveAccountSettings = (
  userId: number,
  account: { ref_id: string; name: string },
  body: AccountSettingsBody,
) =>
  queueSave(userId, settingsTag(account.ref_id), {
    method: 'POST',
    path: settingsPath(account.ref_id),
    body,
    label: `Save settings of ${account.name}`,
    refresh: [],
  });

export function changePassword(body: PasswordBody) {
  requireConnection();
  return request(MessageResponse, '/client/password', { method: 'POST', body, toast: false });
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
