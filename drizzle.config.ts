import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema modules and applied at start on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/*.ts',
  out: './server/db/migrations',
});
