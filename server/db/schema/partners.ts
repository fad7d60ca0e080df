/**
 * Partner software offerings for the Services page (spec part 3 §2.10): title, highlights, a
 * longer description (collapsed past 200 px on screen) and the partner's demo request page.
 * The same list for every customer; ordered by position.
 */
import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const partnerOfferings = pgTable('partner_offerings', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  category: text('category').notNull(),
  highlights: jsonb('highlights').$type<string[]>().notNull().default([]),
  description: text('description').notNull(),
  demo_url: text('demo_url').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});
