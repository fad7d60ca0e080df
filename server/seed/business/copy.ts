/**
 * bulkInsert by COPY, for the seed process only (seed/seed-worker.ts turns it on): that process owns
 * a real PGlite, and `COPY ... FROM '/dev/blob'` with each chunk's rows as one CSV blob is faster
 * there than jsonb_to_recordset (ad_facts_daily's 226k rows with their rollup triggers: 4.2 s
 * instead of 7.8 s; the whole seed 14-16 s instead of 17-18.5 s). Everywhere else (the server's
 * PGlite thread proxy, PostgreSQL, the test template) rows keep going in as jsonb.
 *
 * Each value is written as the text jsonb_to_recordset gave the column's input function, so both
 * ways insert the same rows (test/server/new-data-dir.test.ts compares every table):
 * - null (and a number JSON cannot hold) is NULL, an unquoted empty field; every other field is
 *   quoted, so '' stays an empty string and quotes, commas and newlines are data;
 * - json/jsonb columns get JSON.stringify(value), a string included (a jsonb string, as before);
 * - array columns get PostgreSQL's array literal, each element quoted and escaped;
 * - a Date is its ISO string (as JSON gives it), an object elsewhere its JSON, the rest String().
 */
import type { Transaction } from '@electric-sql/pglite';
import { is } from 'drizzle-orm';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { Db } from '../../db/client';

let enabled = false;

/** The seed worker's switch: from here on, this process's bulkInserts go in by COPY. */
export function insertByCopy(on: boolean) {
  enabled = on;
}

/**
 * The PGlite transaction under `db` when COPY is on: drizzle keeps it as its pglite session's
 * `client` (private in drizzle's types). Any other database is an error, not a silent fallback.
 */
export function copyTarget(db: Db): Transaction | null {
  if (!enabled) return null;
  const session = db._.session;
  if (!is(session, PgliteSession)) throw new Error('bulkInsert by COPY needs a drizzle PGlite database');
  return (session as unknown as { client: Transaction }).client;
}

export type CopyColumn = { key: string; name: string; type: string };

export async function copyRows(target: Transaction, table: string, columns: CopyColumn[], rows: object[]) {
  const list = columns.map((c) => quoteName(c.name)).join(', ');
  let csv = '';
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    csv += `${columns.map((c) => field(record[c.key], c.type)).join(',')}\n`;
  }
  await target.query(`COPY ${quoteName(table)} (${list}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
    blob: new Blob([csv]),
  });
}

function field(value: unknown, type: string): string {
  if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return '';
  const text =
    type === 'json' || type === 'jsonb'
      ? JSON.stringify(value)
      : type.endsWith('[]')
        ? arrayLiteral(value as unknown[])
        : scalar(value);
  // A line `\.` ends a CSV COPY's data even inside quotes on some PostgreSQL versions.
  if (/[\r\n]\\\.(?:[\r\n]|$)/.test(text)) throw new Error(`bulkInsert by COPY: a value holds a line "\\."`);
  return `"${text.replaceAll('"', '""')}"`;
}

function arrayLiteral(values: unknown[]): string {
  const elements = values.map((v) =>
    v === null
      ? 'NULL'
      : Array.isArray(v)
        ? arrayLiteral(v)
        : `"${scalar(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
  );
  return `{${elements.join(',')}}`;
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;
