// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { refreshReads, refreshTarget, registerRefresher } from '../../../src/sync/read-refresh';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A refresher of `/things` whose runs wait until released; answers the log of starts and ends. */
function gatedRefresher() {
  const log: string[] = [];
  const gates: (() => void)[] = [];
  stops.push(
    registerRefresher(
      (path) => path === '/things',
      async () => {
        log.push('start');
        await new Promise<void>((resolve) => gates.push(resolve));
        log.push('end');
      },
    ),
  );
  const release = async () => {
    while (gates.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    gates.shift()?.();
  };
  return { log, release };
}

describe('refreshReads', () => {
  it('runs one refresh of a path at a time, and one more after it for every write delivered meanwhile', async () => {
    const { log, release } = gatedRefresher();
    const first = refreshReads(1, ['/things']);
    // Five more writes delivered while the first refresh runs: one more run, after it, for all five.
    const later = [1, 2, 3, 4, 5].map(() => refreshReads(1, ['/things', '/things']));
    await release();
    await first;
    // The second run starts only once the first has ended.
    expect(log).toEqual(['start', 'end', 'start']);
    await release();
    await Promise.all(later);
    expect(log).toEqual(['start', 'end', 'start', 'end']);
  });

  it('keeps users apart, and a failing refresh never throws', async () => {
    const { log, release } = gatedRefresher();
    const one = refreshReads(1, ['/things']);
    const two = refreshReads(2, ['/things']);
    await release();
    await release();
    await Promise.all([one, two]);
    expect(log).toEqual(['start', 'start', 'end', 'end']);
    stops.push(
      registerRefresher(
        (path) => path === '/broken',
        async () => {
          throw new Error('offline');
        },
      ),
    );
    await expect(refreshReads(1, ['/broken'])).resolves.toBeUndefined();
  });

  it('reads a `POST /path` entry as a POST read with an empty body (the linked accounts summary), any other as a GET', () => {
    expect(refreshTarget('POST /client/accounts/summary')).toEqual({
      method: 'POST',
      path: '/client/accounts/summary',
      body: {},
    });
    expect(refreshTarget('/user/settings')).toEqual({ method: 'GET', path: '/user/settings' });
  });
});
