/**
 * A call schedule saved on top of one still waiting in the outbox (issue 48 item 5), the way
 * profile fields are (account-settings/account-api.ts queueSave): a contractor who changes Monday
 * offline and then Tuesday gets both, in one write or in order, never a Save that stays disabled.
 *
 * - A schedule change still queued (not on the wire) takes the new hours: one write, the newest
 *   values (they are the whole week, so nothing of the first is lost), the version the first was
 *   based on, a new Idempotency-Key (outbox-conflicts.ts rebaseItem).
 * - One already on the wire ('sending') is left alone: the new one is queued behind it, based on the
 *   version that one will make (sync/outbox-versions.ts versionAfter), and sent after it (outbox-order.ts:
 *   one line per record, in order).
 * - Decided in one Dexie transaction over the outbox (sync/outbox-edits.ts, journaled in the tap's
 *   task so a page load straight after Save keeps it): the sender claims an item in its own
 *   transaction (outbox-sender.ts claim), so it sends either the first hours or the newest, never
 *   a body changed under a request already made.
 */
import type { ScheduleBody } from '../../api/contracts/campaigns';
import { queueEdit } from '../../sync/outbox-edits';
import { schedulePath, schedulePostPath, scheduleTag, scheduleVersion } from './campaigns-api';
import { LIST_READS } from './campaigns-live';

type Target = Parameters<typeof schedulePostPath>[0];

/** Queues `body` as the campaign's call schedule (see the header). Answers the outbox id to follow. */
export function queueSchedule(userId: number, campaign: Target, body: ScheduleBody): Promise<number> {
  return queueEdit(
    {
      userId,
      method: 'POST',
      path: schedulePostPath(campaign),
      body,
      label: `Save call schedule of ${campaign.name}`,
      tag: scheduleTag(campaign.id),
      refresh: [LIST_READS, schedulePath(campaign.id)],
    },
    { read: scheduleVersion(campaign.id), joins: (item) => item.status === 'queued' },
  );
}
