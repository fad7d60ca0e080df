/**
 * PGlite in its worker thread (db/pglite-thread.ts), through drizzle as the server uses it:
 * transactions commit or roll back whole and nothing else runs inside them, nested transactions
 * roll back alone, database errors keep their code, and values come back typed as in the main
 * thread (timestamps as Dates, json as objects, numbers as numbers).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, withTx } from '../../server/db/client';
import { PgliteThread } from '../../server/db/pglite-thread';
import { users } from '../../server/db/schema/identity';
import { startApp, type TestApp } from './helpers';

describe('PGlite in a worker thread', () => {
  let t: TestApp;
  const notes = async () =>
    (await rowsOf<{ note: string }>(t.db, sql`select note from thread_probe order by id`)).map((r) => r.note);

  beforeAll(async () => {
    t = await startApp('pglite');
    await t.db.execute(sql`create table thread_probe (id serial primary key, note text unique not null)`);
  });
  afterAll(() => t?.close());

  it('runs in a worker unless PGLITE_WORKER=off', () => {
    expect(t.handle.pglite).toBeInstanceOf(PgliteThread);
  });

  it('commits a transaction whole, and a statement from outside waits for it', async () => {
    let outside: Promise<string[]> | undefined;
    await withTx(t.db, async (tx) => {
      await tx.execute(sql`insert into thread_probe (note) values ('first')`);
      outside = notes();
      // Had the outside read run now, inside this transaction, it would have seen 'first' alone.
      await tx.execute(sql`insert into thread_probe (note) values ('second')`);
    });
    expect(await outside).toEqual(['first', 'second']);
  });

  it('rolls back a transaction that throws, and rethrows its error', async () => {
    const failed = t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (note) values ('never')`);
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    expect(await notes()).toEqual(['first', 'second']);
  });

  it('rolls back a nested transaction alone', async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (note) values ('kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_probe (note) values ('dropped')`);
          throw new Error('inner only');
        })
        .catch(() => {});
    });
    expect(await notes()).toEqual(['first', 'second', 'kept']);
  });

  it("keeps a database error's code and message, in a transaction or not", async () => {
    const duplicate = t.db.execute(sql`insert into thread_probe (note) values ('first')`);
    // drizzle wraps the database's error as its cause, as in the main thread (domain/signup/signup.ts reads it).
    await expect(duplicate).rejects.toMatchObject({
      cause: { code: '23505', message: expect.stringContaining('unique') },
    });
    const inTransaction = t.db.transaction((tx) => tx.execute(sql`select no_such_column from thread_probe`));
    await expect(inTransaction).rejects.toMatchObject({ cause: { code: '42703' } });
    expect(await notes()).toEqual(['first', 'second', 'kept']);
  });

  it('answers values typed as in the main thread', async () => {
    const [user] = await t.db.select().from(users).limit(1);
    expect(user.created_at).toBeInstanceOf(Date);
    expect(Number.isNaN(user.created_at.getTime())).toBe(false);
    const [row] = await rowsOf<{ n: number; doc: { a: number[] }; big: string }>(
      t.db,
      sql`select 2 + 2 as n, '{"a": [1, 2]}'::jsonb as doc, 9007199254740993::numeric as big`,
    );
    expect(row).toEqual({ n: 4, doc: { a: [1, 2] }, big: '9007199254740993' });
  });
});
