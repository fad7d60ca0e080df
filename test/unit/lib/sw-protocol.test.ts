import { describe, expect, it } from 'vitest';
import { readMessage } from '../../../src/lib/sw-protocol';

describe('the page / worker protocol', () => {
  it('reads our messages and nothing else', () => {
    expect(readMessage({ type: 'SKIP_WAITING' })).toEqual({ type: 'SKIP_WAITING' });
    expect(readMessage({ type: 'STORAGE_FULL', extra: 1 })).toEqual({ type: 'STORAGE_FULL' });
    expect(readMessage({ type: 'NAVIGATE', url: '/dashboard/leads' })).toEqual({
      type: 'NAVIGATE',
      url: '/dashboard/leads',
    });
    const live = { type: 'LIVE_NOTIFICATION', title: 'Portal', body: 'Hi', tag: 'n-1', url: '/dashboard' };
    expect(readMessage(live)).toEqual(live);
    expect(readMessage(null)).toBeNull();
    expect(readMessage('SKIP_WAITING')).toBeNull();
    expect(readMessage({ type: 'OTHER' })).toBeNull();
  });

  it('never takes another origin or a scheme as a page to open', () => {
    expect(readMessage({ type: 'NAVIGATE', url: '//evil.example/x' })).toBeNull();
    expect(readMessage({ type: 'NAVIGATE', url: 'javascript:alert(1)' })).toBeNull();
    expect(
      readMessage({ type: 'LIVE_NOTIFICATION', title: 't', body: 'b', tag: 'x', url: 'https://x.example' }),
    ).toBeNull();
  });
});
