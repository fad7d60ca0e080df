/**
 * GET /api/v1/places through the real app: public, validated, US-only suggestions over the bundled
 * data set, every answer checked against the shared contract.
 */
import { validate } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/api/contracts/common';
import { PlacesResponse } from '../../src/api/contracts/places';
import { dbKinds, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('places on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  const get = (q: string | null, ip = '10.7.0.1') =>
    t.app.inject({
      method: 'GET',
      url: q === null ? '/api/v1/places' : `/api/v1/places?q=${encodeURIComponent(q)}`,
      remoteAddress: ip,
    });

  const predictions = async (q: string) => {
    const res = await get(q);
    expect(res.statusCode).toBe(200);
    const [error, body] = validate(res.json(), PlacesResponse);
    expect(error).toBeUndefined();
    return body?.predictions ?? [];
  };

  it('needs no session and answers city prefixes with the main ZIP', async () => {
    const found = await predictions('aus');
    expect(found[0]).toMatchObject({
      description: 'Austin, TX 78701, USA',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
    });
    expect(found[0].lat).toBeTypeOf('number');
  });

  it('matches ZIP prefixes, case-insensitive names and a state, at most 8', async () => {
    const byZip = await predictions('787');
    expect(byZip.length).toBeGreaterThan(1);
    expect(byZip.length).toBeLessThanOrEqual(8);
    expect(byZip.every((p) => p.zipcode.startsWith('787'))).toBe(true);
    expect((await predictions('ROUND ROCK'))[0].description).toBe('Round Rock, TX 78664, USA');
    expect((await predictions('Austin, TX 78702')).map((p) => p.zipcode)).toEqual(['78702']);
  });

  it('keeps a typed street and completes city, state and ZIP', async () => {
    const [first] = await predictions('1200 Barton Springs Rd, Austin');
    expect(first).toMatchObject({
      description: '1200 Barton Springs Rd, Austin, TX 78701, USA',
      street: '1200 Barton Springs Rd',
      zipcode: '78701',
    });
  });

  it('answers an empty list for places it does not know', async () => {
    expect(await predictions('Zzyzx')).toEqual([]);
  });

  it.each([[null], [''], ['ab'], ['  a  '], ['x'.repeat(500)]])(
    'refuses q=%j with 422 {errors: {q}}',
    async (q) => {
      const res = await get(q);
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(validate(body, ErrorBody)[0]).toBeUndefined();
      expect(body.errors.q?.length).toBeGreaterThan(0);
    },
  );

  it('tells the short query what it needs', async () => {
    expect((await get('ab')).json()).toEqual({ errors: { q: ['Type at least 3 characters'] } });
  });

  it('rate-limits one address at 120 requests a minute', async () => {
    const ip = '10.7.9.9';
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await get('Austin', ip)).statusCode;
    expect(last).toBe(429);
    expect((await get('Austin', '10.7.9.10')).statusCode).toBe(200);
  });
});
