import { describe, expect, it } from 'vitest';
import { endpointPolicy } from '../../../src/api/contracts/endpoints';

describe('endpointPolicy', () => {
  it('finds a concrete call by its route, parameters included', () => {
    expect(endpointPolicy('GET', '/campaigns/12')).toBe('read');
    expect(endpointPolicy('POST', '/campaigns/12/providers')).toBe('read');
    expect(endpointPolicy('POST', '/live/campaigns/12/settings/update_status')).toBe('write');
    expect(endpointPolicy('GET', '/live/paysimple/token')).toBe('never');
  });

  it('prefers a literal segment to a parameter, as the server router does', () => {
    // '/campaigns/:id/:providerId' would also fit; the literal 'schedule' wins.
    expect(endpointPolicy('GET', '/campaigns/12/schedule')).toBe('read');
    expect(endpointPolicy('GET', '/invoices/export')).toBe('never');
    expect(endpointPolicy('GET', '/campaigns/filter_fields')).toBe('read');
  });

  it('ignores the query and knows nothing of paths no route has', () => {
    expect(endpointPolicy('GET', '/notifications?page=2')).toBe('read');
    expect(endpointPolicy('GET', '/no/such/route')).toBeUndefined();
    expect(endpointPolicy('PATCH', '/notifications/1')).toBeUndefined();
    expect(endpointPolicy('GET', '/campaigns//schedule')).toBeUndefined();
  });

  it('never keeps short-lived file links', () => {
    expect(endpointPolicy('GET', '/activities/assets/presigned_url')).toBe('never');
    expect(endpointPolicy('GET', '/exports/3/download')).toBe('never');
  });
});
