import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate } from '../postgres/migrate.js';
import { adminDatabaseUrl, createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { collect, ids, newEvent, readAllAfter, uniqueStream } from './contract/fixtures.js';
import { postgresHoldAppend } from './contract/postgres-held-append.js';
import { DECLARE_NO_APPEND_SQL } from './postgres-event-row.js';
import { describeEventStoreContract } from './event-store.contract.js';
import { appendEvents, appendInTransaction, type AppendLocks } from './postgres-append.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { WrongExpectedRevisionError } from './port.js';
import { eventStoreMigrations } from './postgres-event-store.migrations.js';
import { checkpointMigrations } from '../projection/checkpoint.js';

describeEventStoreContract('PostgreSQL', async () => {
  const db = await createTestDatabase('es_contract');
  const store = await PostgresEventStore.create(db.pool, db.url);
  return {
    store,
    holdAppend: postgresHoldAppend(db.url),
    cleanup: async () => {
      await store.close();
      await db.drop();
    },
  };
});

describe('PostgreSQL event store: transaction order', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('es_order');
    store = await PostgresEventStore.create(db.pool, db.url);
    await migrate(db.pool, checkpointMigrations);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  test('an append takes consecutive positions from its transaction id, after every earlier append; a refused one writes nothing', async () => {
    const stream = uniqueStream('budget');
    const first = await store.append(stream, [newEvent('user-a'), newEvent('user-a')], { expectedRevision: 'no_stream' });
    await expect(store.append(stream, [newEvent('user-a')], { expectedRevision: 5 })).rejects.toThrow(WrongExpectedRevisionError);
    await expect(store.append(stream, [newEvent('user-a'), newEvent('user-a')], { expectedRevision: 7 })).rejects.toThrow(WrongExpectedRevisionError);
    const next = await store.append(stream, [newEvent('user-a')], { expectedRevision: 1 });

    const { rows } = await db.pool.query<{ position: string; transaction_id: string }>(
      'SELECT position::text, transaction_id::text FROM es_events WHERE stream_id = $1 ORDER BY revision', [stream]);
    expect(rows.map((r) => BigInt(r.position))).toEqual([first.position - 1n, first.position, next.position]);
    expect(rows.map((r) => BigInt(r.position) >> 20n)).toEqual(rows.map((r) => BigInt(r.transaction_id)));
    expect(next.position).toBeGreaterThan(first.position);
  });

  test('an append in a transaction that took its id earlier is ordered by that id: readers wait for it; a second append in it is refused', async () => {
    const start = await store.headPosition();
    const laterEvent = newEvent('user-a');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('CREATE TEMP TABLE takes_an_id (n int)');
      const later = await store.append(uniqueStream('budget'), [laterEvent], { expectedRevision: 'no_stream' });
      const held = newEvent('user-a');
      const earlier = await appendEvents(client, uniqueStream('budget'), [held], 'no_stream');
      expect(earlier.position).toBeLessThan(later.position);
      expect(await store.readAll({ after: start }), 'a reader passed an append in flight').toEqual([]);
      // (The refusal aborts the transaction, which frees the readers.)
      await expect(appendEvents(client, uniqueStream('budget'), [newEvent('user-a')], 'no_stream')).rejects.toThrow(/one append at most/);
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
    expect(ids(await store.readAll({ after: start }))).toEqual([laterEvent.id]);
  });

  test('a locked append (the inline projection\'s) must be its transaction\'s first write: its locks order its positions only then', async () => {
    const locks: AppendLocks = { shared: [4242, 0], perKey: { class: 4243, keys: ['user-a'] }, claimsCheckpoint: 'es-order-test' };
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      const [stored] = await appendInTransaction(client, [{ stream: uniqueStream('budget'), events: [newEvent('user-a')], expectedRevision: 'no_stream' }], locks);
      const { rows } = await client.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
      expect(stored!.position >> 20n).toBe(BigInt(rows[0]!.xid));
      await client.query('ROLLBACK');

      await client.query('BEGIN');
      await client.query('CREATE TEMP TABLE takes_an_id_first (n int)');
      await expect(appendInTransaction(client, [{ stream: uniqueStream('budget'), events: [newEvent('user-a')], expectedRevision: 'no_stream' }], locks))
        .rejects.toThrow(/first write of its transaction/);
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
  });

  test('an event held back by an older transaction that appends nothing reaches the subscriber as soon as it ends', async () => {
    const start = await store.headPosition();
    const subscriber = collect(store, start);
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      // Any write takes a transaction id: this one is older than the append below.
      await other.query('BEGIN');
      await other.query('CREATE TEMP TABLE holds_the_horizon (n int)');
      const event = newEvent('user-a');
      await store.append(uniqueStream('budget'), [event], { expectedRevision: 'no_stream' });
      await sleep(200);
      expect(subscriber.events).toEqual([]);

      await other.query('COMMIT');
      // No NOTIFY follows that commit: the subscription re-reads on its own, well before its 1 s poll.
      await subscriber.waitForCount(1, 500);
      expect(ids(subscriber.events)).toEqual([event.id]);
    } finally {
      await other.end();
      await subscriber.subscription.stop();
    }
  });
  test('a transaction in flight in another database of the cluster holds nobody back here', async () => {
    const start = await store.headPosition();
    const subscriber = collect(store, start);
    const elsewhere = new pg.Client({ connectionString: adminDatabaseUrl() });
    await elsewhere.connect();
    try {
      await elsewhere.query('BEGIN');
      await elsewhere.query('CREATE TEMP TABLE holds_an_id_elsewhere (n int)');
      const event = newEvent('user-a');
      const { position } = await store.append(uniqueStream('budget'), [event], { expectedRevision: 'no_stream' });

      await subscriber.waitForCount(1, 500);
      expect(ids(await store.readAll({ after: start }))).toEqual([event.id]);
      expect(await store.headPosition()).toBe(position);
    } finally {
      await elsewhere.query('ROLLBACK');
      await elsewhere.end();
      await subscriber.subscription.stop();
    }
  });

  test('a transaction that declared it never appends holds nobody back; its connection\'s next transaction does again', async () => {
    const start = await store.headPosition();
    const subscriber = collect(store, start);
    const rebuilding = new pg.Client({ connectionString: db.url });
    await rebuilding.connect();
    try {
      await rebuilding.query('BEGIN');
      await rebuilding.query(DECLARE_NO_APPEND_SQL);
      await rebuilding.query('CREATE TEMP TABLE declared_no_append (n int)');
      const first = newEvent('user-a');
      await store.append(uniqueStream('budget'), [first], { expectedRevision: 'no_stream' });
      await subscriber.waitForCount(1, 500);
      expect(ids(subscriber.events)).toEqual([first.id]);
      await rebuilding.query('COMMIT');

      // The declaration ended with its transaction: the next one on the same connection counts.
      await rebuilding.query('BEGIN');
      await rebuilding.query('CREATE TEMP TABLE holds_the_horizon_again (n int)');
      const second = newEvent('user-a');
      await store.append(uniqueStream('budget'), [second], { expectedRevision: 'no_stream' });
      await sleep(200);
      expect(ids(subscriber.events)).toEqual([first.id]);
      await rebuilding.query('COMMIT');
      await subscriber.waitForCount(2, 500);
      expect(ids(subscriber.events)).toEqual([first.id, second.id]);
    } finally {
      await rebuilding.end();
      await subscriber.subscription.stop();
    }
  });
});

describe('PostgreSQL event store: upgrading a database written before transaction order', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('es_upgrade');
  });
  afterAll(async () => {
    await db.drop();
  });

  test('the old rows keep their positions and stay readable, new appends follow them, and streams go on', async () => {
    const before = eventStoreMigrations.filter((m) => m.id < 'platform-003');
    expect(before.map((m) => m.id)).toEqual(['platform-001-events', 'platform-002-es-append-function']);
    await migrate(db.pool, before);
    const stream = uniqueStream('transaction');
    const old = [newEvent('user-a', { n: 0 }), newEvent('user-a', { n: 1 })];
    // The old append: es_append as platform-002 defined it.
    await db.pool.query('SELECT * FROM es_append($1, $2, $3, $4, $5, $6)', [
      old.map((e) => e.id),
      stream,
      'no_stream',
      old.map((e) => e.type),
      old.map((e) => JSON.stringify(e.data)),
      old.map((e) => JSON.stringify(e.metadata)),
    ]);

    const store = await PostgresEventStore.create(db.pool, db.url);
    try {
      const upgraded = await store.readAll();
      expect(ids(upgraded)).toEqual(ids(old));
      expect(upgraded.map((e) => e.position)).toEqual([1n, 2n]);
      expect(await store.headPosition()).toBe(2n);
      const { rows } = await db.pool.query<{ missing: number }>('SELECT count(*)::int AS missing FROM es_events WHERE transaction_id IS NULL');
      expect(rows[0]!.missing).toBe(0);

      const next = newEvent('user-a', { n: 2 });
      const result = await store.append(stream, [next], { expectedRevision: 1 });
      expect(result.nextRevision).toBe(2);
      expect(result.position).toBeGreaterThan(2n);
      expect(ids(await readAllAfter(store, 0n))).toEqual(ids([...old, next]));
      expect(ids(await store.readStream(stream))).toEqual(ids([...old, next]));

      // Running the migrations again changes nothing.
      expect(await migrate(db.pool, eventStoreMigrations)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  test('the upgrade refuses a log whose positions the next transactions could not follow', async () => {
    const other = await createTestDatabase('es_upgrade_refused');
    try {
      await migrate(other.pool, eventStoreMigrations.filter((m) => m.id < 'platform-004'));
      await other.pool.query(
        `INSERT INTO es_events (position, event_id, stream_id, revision, type, data, metadata, user_id)
         VALUES ((pg_current_xact_id()::text::bigint + 1000) << 20, gen_random_uuid(), 's', 0, 't', '{}', '{}', 'u')`);
      await expect(migrate(other.pool, eventStoreMigrations)).rejects.toThrow(/beyond those the next transactions would take/);
    } finally {
      await other.drop();
    }
  });
});
