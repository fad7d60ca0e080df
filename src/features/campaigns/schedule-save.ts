/**
 * A call schedule saved on top of one still waiting in the outbox (issue 48 item 5), the way
 * profile fields are (account-settings/account-api.ts queueSave): a contractor who changes Monday
 * offline and then Tuesday gets both, in one write or in order, never a Save that stays disabled.
 *
 * - A schedule change still queued (not on the wire) takes the new hours: one write, the newest
 *   values (they are the whole week, so nothing of the first is lost), the version the first was
 *   based on, a new Idempotency-Key (outbox-conflicts.ts rebaseItem).
 * - One already on the wire ('sending') is left alone: the new one is queued behind it, based on the
 *   version that one will make (outbox-conflicts.ts baseVersion), and sent after it (outbox-order.ts:
 *   one line per record, in order).
 * - Decided in one Dexie transaction over the outbox: the sender claims an item in its own
 *   transaction (outbox-sender.ts claim), so it sends either the first hours or the newest, never
 *   a body changed under a request already made.
 */
import type { ScheduleBody } from '../../api/contracts/campaigns';
import { db } from '../../db/db';
import { editedVersion, rebaseItem } from '../../sync/outbox-conflicts';
import { writesFor } from '../../sync/use-pending-writes';
import { saveSchedule, scheduleTag } from './campaigns-api';

type Target = Parameters<typeof saveSchedule>[1];

/** Queues `body` as the campaign's call schedule (see the header). Answers the outbox id to follow. */
export function queueSchedule(userId: number, campaign: Target, body: ScheduleBody): Promise<number> {
  return db.transaction('rw', db.outbox, db.responses, async () => {
    const waiting = (await writesFor(userId, scheduleTag(campaign.id))).filter(
      (item) => item.status === 'queued',
    );
    const last = waiting.at(-1);
    if (last?.id === undefined) return saveSchedule(userId, campaign, body);
    await rebaseItem(last.id, body, editedVersion(last, undefined));
    return last.id;
  });
}
