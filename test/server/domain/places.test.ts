/**
 * The place search itself, over a small fixed data set (real ZIP codes), so ranking and parsing are
 * pinned down independently of whichever bundled data set the server loads.
 */
import { describe, expect, it } from 'vitest';
import { normalise, type Place, PlaceIndex, splitStreet } from '../../../server/domain/signup/places';

const PLACES: Place[] = [
  { zipcode: '78702', city: 'Austin', state: 'TX' },
  { zipcode: '78701', city: 'Austin', state: 'TX', main: true, lat: 30.27, lng: -97.74 },
  { zipcode: '78703', city: 'Austin', state: 'TX' },
  { zipcode: '55912', city: 'Austin', state: 'MN' },
  { zipcode: '78664', city: 'Round Rock', state: 'TX' },
  { zipcode: '78665', city: 'Round Rock', state: 'TX' },
  { zipcode: '63101', city: 'St. Louis', state: 'MO' },
  { zipcode: '43215', city: 'Columbus', state: 'OH' },
  { zipcode: '31901', city: 'Columbus', state: 'GA' },
  { zipcode: '60156', city: 'Lake in the Hills', state: 'IL' },
  { zipcode: '46405', city: 'Lake Station', state: 'IN' },
  { zipcode: '10001', city: 'New York', state: 'NY' },
  { zipcode: '10002', city: 'New York', state: 'NY' },
  { zipcode: '07102', city: 'Newark', state: 'NJ' },
  { zipcode: '1234', city: 'Broken', state: 'TX' },
];

const index = new PlaceIndex(PLACES);
const search = (q: string) => index.search(q).map((p) => p.description);

describe('normalise', () => {
  it.each([
    ['St. Louis', 'saint louis'],
    ["O'Fallon", 'ofallon'],
    ['  Fort   Worth ', 'fort worth'],
    ['Ft Myers', 'fort myers'],
    ['Mt. Pleasant', 'mount pleasant'],
    ['Winston-Salem', 'winston salem'],
  ])('%j -> %j', (input, expected) => expect(normalise(input)).toBe(expected));
});

describe('splitStreet', () => {
  it.each([
    ['123 Main St, Austin', { street: '123 Main St', locality: 'Austin' }],
    ['123 Main St Aus', { street: '123 Main St', locality: 'Aus' }],
    ['4500 W William Cannon Dr Austin TX', { street: '4500 W William Cannon Dr', locality: 'Austin TX' }],
    ['12 B Elm Road, Round', { street: '12 B Elm Road', locality: 'Round' }],
    ['123 Main St', null],
    ['123 Main', null],
    ['78701', null],
    ['78701 787', null],
    ['Austin, TX', null],
  ])('%j -> %j', (input, expected) => expect(splitStreet(input)).toEqual(expected));
});

describe('PlaceIndex.search', () => {
  it.each([
    ['aus', ['Austin, TX 78701, USA', 'Austin, MN 55912, USA']],
    ['AUSTIN', ['Austin, TX 78701, USA', 'Austin, MN 55912, USA']],
    ['austin mn', ['Austin, MN 55912, USA']],
    ['Austin, Minnesota', ['Austin, MN 55912, USA']],
    ['Austin, TX 7870', ['Austin, TX 78701, USA', 'Austin, TX 78702, USA', 'Austin, TX 78703, USA']],
    ['Austin, TX 78701, USA', ['Austin, TX 78701, USA']],
    ['787', ['Austin, TX 78701, USA', 'Austin, TX 78702, USA', 'Austin, TX 78703, USA']],
    ['7866', ['Round Rock, TX 78664, USA', 'Round Rock, TX 78665, USA']],
    ['071', ['Newark, NJ 07102, USA']],
    ['saint lo', ['St. Louis, MO 63101, USA']],
    ['st. louis', ['St. Louis, MO 63101, USA']],
    ['columbus', ['Columbus, GA 31901, USA', 'Columbus, OH 43215, USA']],
    ['Lake In', ['Lake Station, IN 46405, USA']],
    ['Lake in the', ['Lake in the Hills, IL 60156, USA']],
    ['new', ['New York, NY 10001, USA', 'Newark, NJ 07102, USA']],
    ['123 Main St, Round', ['123 Main St, Round Rock, TX 78664, USA']],
    ['9 Oak Ave Austin TX 78703', ['9 Oak Ave, Austin, TX 78703, USA']],
    ['123 Main St', []],
    ['Paris', []],
    ['1234', []],
  ])('%j -> %j', (query, expected) => expect(search(query)).toEqual(expected));

  it('returns at most 8 and fills the fields of a prediction', () => {
    const many = new PlaceIndex(
      Array.from({ length: 20 }, (_, i) => ({ zipcode: String(10010 + i), city: 'New York', state: 'NY' })),
    );
    expect(many.search('100')).toHaveLength(8);
    expect(index.search('Austin, TX')[0]).toEqual({
      description: 'Austin, TX 78701, USA',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
      lat: 30.27,
      lng: -97.74,
    });
    expect(index.search('1 Elm St, Round')[0]).toMatchObject({ street: '1 Elm St', city: 'Round Rock' });
  });

  it('drops malformed ZIP codes and duplicates from the data', () => {
    expect(new PlaceIndex([...PLACES, PLACES[0]]).size).toBe(PLACES.length - 1);
  });
});
