import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';
import { readEvents } from './sse';

describe.each(dbKinds)('live channel on %s', (kind) => {
  let t: TestApp;
  let s: Session;
  let url: string;
  beforeAll(async () => {
    t = await startApp(kind);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    s = await signIn(t, 'owner@demo.test');
  });
  afterAll(() => t?.close());

  const emit = (app: TestApp, message: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/dev/emit',
      payload: { email: 'owner@demo.test', notification: { message, action: 'no_action' } },
    });

  it('refuses a stream without a valid session', async () => {
    const res = await fetch(`${url}/api/v1/live`);
    expect(res.status).toBe(401);
  });

  it('starts a fresh stream at a position it names, from which a later stream resumes', async () => {
    const events = await readEvents(`${url}/api/v1/live`, s.headers, 1, 10_000);
    expect(events[0]?.event).toBe('position');
    const { last_id } = JSON.parse(events[0]?.data ?? '{}') as { last_id: number };
    expect(Number.isInteger(last_id)).toBe(true);
    // Sent while no stream is open: the next one, resuming from that position, gets it.
    await emit(t, 'between-streams');
    const resumed = await readEvents(
      `${url}/api/v1/live`,
      { ...s.headers, 'last-event-id': String(last_id) },
      1,
    );
    expect(resumed[0]?.event).toBeUndefined();
    expect(JSON.parse(resumed[0]?.data ?? '{}').notification.message).toBe('between-streams');
  });

  it('delivers new messages and replays what was missed after Last-Event-ID, in order', async () => {
    const first = (
      await readEvents(`${url}/api/v1/live`, s.headers, 2, 10_000, async () => {
        await emit(t, 'live-first');
      })
    ).filter((event) => event.event !== 'position');
    expect(first).toHaveLength(1);
    const lastId = first[0].id!;
    expect(JSON.parse(first[0].data).notification.message).toBe('live-first');

    for (let i = 1; i <= 5; i++) await emit(t, `missed-${i}`);
    const replay = await readEvents(`${url}/api/v1/live`, { ...s.headers, 'last-event-id': lastId }, 5);
    expect(replay.map((e) => JSON.parse(e.data).notification.message)).toEqual(
      [1, 2, 3, 4, 5].map((i) => `missed-${i}`),
    );
    const ids = replay.map((e) => Number(e.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('sends a reset for an id it cannot resume from', async () => {
    const events = await readEvents(
      `${url}/api/v1/live`,
      { ...s.headers, 'last-event-id': '999999999' },
      1,
      3000,
    );
    expect(events[0]?.event).toBe('reset');
  });

  it.runIf(kind === 'postgres')('fans out across two instances on one database', async () => {
    const second = await startApp(kind, {}, t);
    try {
      const events = await readEvents(`${url}/api/v1/live`, s.headers, 2, 10_000, async () => {
        await emit(second, 'from-instance-b');
      });
      expect(JSON.parse(events[1].data).notification.message).toBe('from-instance-b');
    } finally {
      await second.app.close();
      await second.handle.close();
    }
  });
});
