import { describe, expect, it } from 'vitest';
import { decideFailure, maskPasswords, SERVER_ERROR } from '../../../src/api/error-policy';

describe('decideFailure (spec part 1 §4, §8)', () => {
  it.each([
    // status, body, expire, toast header, report
    [null, undefined, false, null, false],
    [401, { errors: 'expired' }, true, null, false],
    [403, undefined, true, null, false],
    [500, { errors: 'boom' }, false, SERVER_ERROR.header, true],
    [502, '<html>bad gateway</html>', false, SERVER_ERROR.header, true],
    [422, { errors: 'Invalid email or password' }, false, 'Error', false],
    [422, { errors: { email: ['taken'] } }, false, null, false],
    [404, { errors: 'Not found' }, false, 'Error', true],
    [429, { errors: 'Too many attempts' }, false, 'Error', true],
    [400, { something: 'else' }, false, null, true],
  ])('%s %j', (status, data, expire, header, report) => {
    const decision = decideFailure({ status, data });
    expect(decision.expireSession).toBe(expire);
    expect(decision.toast?.header ?? null).toBe(header);
    expect(decision.report).toBe(report);
    expect(decision.error.status).toBe(status ?? 0);
  });

  it('carries the server message into the Error toast and the error', () => {
    const decision = decideFailure({ status: 422, data: { errors: 'Invalid email or password' } });
    expect(decision.toast).toEqual({ header: 'Error', body: 'Invalid email or password' });
    expect(decision.error.message).toBe('Invalid email or password');
  });

  it('no toast when the caller disables it', () => {
    expect(decideFailure({ status: 500, data: null }, { toast: false }).toast).toBeNull();
    expect(decideFailure({ status: 404, data: { errors: 'x' } }, { toast: false }).toast).toBeNull();
  });
});

describe('maskPasswords', () => {
  it('masks every password field of an object, however deep', () => {
    const masked = maskPasswords({ list: [{ password: 'a' }], confirm_password: 'b', keep: 'c' });
    expect(JSON.parse(masked!)).toEqual({
      list: [{ password: '********' }],
      confirm_password: '********',
      keep: 'c',
    });
  });

  it('masks JSON text and form-encoded text', () => {
    expect(maskPasswords('{"current_password":"x","a":1}')).toBe('{"current_password":"********","a":1}');
    expect(maskPasswords('email=a%40b.co&password=hunter2&x=1')).toBe('email=a%40b.co&password=********&x=1');
    expect(maskPasswords(new URLSearchParams({ confirmed_password: 'x', a: '1' }))).toBe(
      'confirmed_password=********&a=1',
    );
  });

  it('never sends file contents', () => {
    expect(maskPasswords(new FormData())).toBe('[form data]');
    expect(maskPasswords(new Blob(['secret']))).toBe('[binary]');
    expect(maskPasswords(undefined)).toBeUndefined();
  });
});
