/**
 * US geography the server searches: counties (a campaign or service-area "location") and their ZIP
 * codes with coordinates (the service-area default is every ZIP within 30 miles). The demo seed
 * fills a small hand-made set around the demo customers' cities, not the whole country.
 */
import { doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const geoCounties = pgTable(
  'geo_counties',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    state: text('state').notNull(),
  },
  (t) => [uniqueIndex('geo_counties_name_state_unique').on(t.state, t.name)],
);

export const geoZipcodes = pgTable(
  'geo_zipcodes',
  {
    zipcode: text('zipcode').primaryKey(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    county_id: integer('county_id')
      .notNull()
      .references(() => geoCounties.id),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [
    index('geo_zipcodes_county_idx').on(t.county_id),
    index('geo_zipcodes_city_idx').on(t.state, t.city),
  ],
);
