import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxTag } from '../../../src/db/app-db';
import { db } from '../../../src/db/db';
import { clearSession, setSession } from '../../../src/db/session';
import { enqueue } from '../../../src/sync/outbox';
import { usePendingWrites, writesFor, writesOfType } from '../../../src/sync/use-pending-writes';

const review = (leadId: number, userId = 7) =>
  enqueue({
    userId,
    method: 'POST',
    path: `/leads/${leadId}/review`,
    body: { review_type: 'Wrong number', note: `about ${leadId}` },
    label: 'Review request',
    tag: { type: 'lead-review', id: leadId },
  });

function Status({ tag }: { tag: OutboxTag | null }) {
  const writes = usePendingWrites(tag);
  const state = writes.pending ? 'pending' : writes.failed ? `failed: ${writes.failed.error}` : 'none';
  return <output>{`${state} (${writes.items.length})`}</output>;
}

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: 7 });
});
afterEach(async () => {
  cleanup();
  await clearSession();
});

describe('writes by tag', () => {
  it('finds a thing’s writes by its tag, not by URL, and only the user’s', async () => {
    await review(12);
    await review(123);
    await review(12, 8);
    await enqueue({ userId: 7, method: 'PUT', path: '/leads/12/review', label: 'untagged' });
    expect((await writesFor(7, { type: 'lead-review', id: 12 })).map((i) => i.body)).toEqual([
      { kind: 'json', json: { review_type: 'Wrong number', note: 'about 12' } },
    ]);
    expect((await writesOfType(7, 'lead-review')).map((i) => i.tag?.id)).toEqual([12, 123]);
    expect(await writesOfType(7, 'lead')).toEqual([]);
  });

  it('usePendingWrites answers pending, then failed with the server’s reason', async () => {
    const id = await review(12);
    render(
      <>
        <Status tag={{ type: 'lead-review', id: 12 }} />
        <Status tag={{ type: 'lead-review', id: 13 }} />
        <Status tag={null} />
      </>,
    );
    expect(await screen.findByText('pending (1)')).toBeTruthy();
    expect(screen.getAllByText('none (0)')).toHaveLength(2);
    await db.outbox.update(id, { status: 'failed', error: 'The review window has closed' });
    expect(await screen.findByText('failed: The review window has closed (1)')).toBeTruthy();
  });
});
