/**
 * The Overview's effects: request paths, marking a task viewed (through the outbox, queued offline
 * like any write), and POST /activities/set_activities on load (best effort, online only: it
 * brings the list up to date with the records, and an offline visit shows the stored list).
 */

import { request } from '../../api/client';
import { MessageResponse } from '../../api/contracts/activities';
import { endpointPath } from '../../api/contracts/endpoints';
import { isOffline } from '../../sync/connectivity';
import { enqueue } from '../../sync/outbox';

// From the table, not the declarations: those would bring every task form's contracts to this first screen.
export const ACTIVITIES_PATH = endpointPath('GET /activities');
export const ACCOUNT_MANAGER_PATH = endpointPath('GET /account_manager');
const SET_ACTIVITIES_PATH = endpointPath('POST /activities/set_activities');
export const VIEWED_TAG_TYPE = 'activity-viewed';

export function markViewed(userId: number, activity: { id: number; name: string }): Promise<number> {
  return enqueue({
    userId,
    method: 'PUT',
    path: endpointPath('PUT /activities/:id', { id: activity.id }),
    body: null,
    label: `Task viewed: ${activity.name}`,
    refresh: [ACTIVITIES_PATH],
    tag: { type: VIEWED_TAG_TYPE, id: activity.id },
  });
}

/** Answers whether the list should be read again (the server added or flagged tasks). */
export async function setActivities(): Promise<boolean> {
  if (isOffline()) return false;
  try {
    const answer = await request(MessageResponse, SET_ACTIVITIES_PATH, {
      method: 'POST',
      toast: false,
      quiet: true,
    });
    return !answer.message.startsWith('Activities are up to date');
  } catch {
    return false;
  }
}
