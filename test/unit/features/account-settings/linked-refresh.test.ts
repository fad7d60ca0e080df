/**
 * A linked account's settings save names the accounts summary (a POST read) among the reads to
 * fetch again, so the cards show the server's values once it is delivered or dropped ("Take the
 * server's" in the outbox, issue 25).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../../../src/db/db';
import { SUMMARY_PATH, saveAccountSettings } from '../../../../src/features/account-settings/account-api';

afterEach(async () => {
  await db.outbox.clear();
});

describe('linked account settings', () => {
  it('queue a save that refreshes the accounts summary with a POST', async () => {
    await saveAccountSettings(7, { ref_id: 'LIVE-1', name: 'Main line', settings_version: 3 }, {
      destination_phone: '5125550100',
    } as never);
    const [item] = await db.outbox.toArray();
    expect(item.refresh).toEqual([`POST ${SUMMARY_PATH}`]);
  });
});
