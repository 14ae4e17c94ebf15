import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StoredEvent } from '../event-store/port.js';
import { withTransaction, type PoolClient } from '../postgres/pool.js';
import { StatementCounter } from '../testing/statement-counter.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { applyEvents } from './apply-events.js';
import type { Projection } from './projection.js';
import { tableIdentifier } from './table-names.js';

/**
 * Projections side by side on one pipelined client (docs/architecture.md §4.8): their statements
 * share round trips, a reader of another's table waits for it, and a failure leaves nothing
 * behind, even from a projection still running when it happened.
 */
describe('applyEvents on a pipelined client', () => {
  let db: TestDatabase;
  let counter: StatementCounter;
  const event = { type: 'Tested', data: {}, metadata: { userId: 'u1' }, streamId: 's-1', revision: 0, position: 1n } as unknown as StoredEvent;

  const projection = (name: string, apply: (client: PoolClient) => Promise<void>, options: { tables?: string[]; reads?: string[] } = {}): Projection => ({
    name,
    migrations: [],
    tables: options.tables ?? [`${name}_rows`],
    ...(options.reads && { reads: options.reads }),
    apply: (client) => apply(client),
  });
  const insert = (table: string, value: string) => (client: PoolClient) => client.query(`INSERT INTO ${tableIdentifier(table)} (user_id, v) VALUES ('u1', $1)`, [value]).then(() => undefined);
  const rows = async (table: string) => (await db.pool.query<{ v: string }>(`SELECT v FROM ${tableIdentifier(table)} ORDER BY v`)).rows.map((r) => r.v);

  beforeAll(async () => {
    db = await createTestDatabase('apply_events');
    counter = new StatementCounter(db.pool);
    for (const table of ['a_rows', 'b_rows', 'c_rows']) await db.pool.query(`CREATE TABLE ${tableIdentifier(table)} (user_id text NOT NULL, v text NOT NULL)`);
  });
  afterAll(async () => db?.drop());

  test('projections that read nothing of each other send their statements in one round trip', async () => {
    const projections = [projection('a', insert('a_rows', 'a1')), projection('b', insert('b_rows', 'b1')), projection('c', insert('c_rows', 'c1'))];
    await withTransaction(db.pool, async (client) => {
      await client.query('SELECT 1');
      counter.start();
      await applyEvents(client, projections, [event]);
      const { statements, roundTrips } = counter.stop();
      expect(statements).toHaveLength(3);
      expect(roundTrips).toBe(1);
    });
    expect([await rows('a_rows'), await rows('b_rows'), await rows('c_rows')]).toEqual([['a1'], ['b1'], ['c1']]);
  });

  test('a projection that reads another’s table starts once that one has written', async () => {
    let seen: string[] = [];
    const projections = [
      projection('a', async (client) => {
        await client.query('SELECT pg_sleep(0.05)');
        await insert('a_rows', 'a2')(client);
      }),
      projection('b', async (client) => {
        seen = (await client.query<{ v: string }>(`SELECT v FROM a_rows WHERE v = 'a2'`)).rows.map((r) => r.v);
      }, { reads: ['a_rows'] }),
    ];
    await withTransaction(db.pool, (client) => applyEvents(client, projections, [event]));
    expect(seen).toEqual(['a2']);
  });

  test('when one fails, a projection still running sends nothing after the ROLLBACK: nothing is stored', async () => {
    let late: 'not sent' | 'refused' | 'stored' = 'not sent';
    const projections = [
      // Its first statement runs before the failing one; its second goes out 50 ms after its answer.
      projection('a', async (client) => {
        await insert('a_rows', 'early')(client);
        await new Promise((resolve) => setTimeout(resolve, 50));
        late = await insert('a_rows', 'late')(client).then(() => 'stored' as const, () => 'refused' as const);
      }),
      projection('b', (client) => client.query('SELECT 1 / 0').then(() => undefined)),
      projection('c', insert('c_rows', 'never'), { reads: ['b_rows'] }),
    ];
    await expect(withTransaction(db.pool, (client) => applyEvents(client, projections, [event]))).rejects.toThrow(/division by zero/);
    // Refused inside the aborted transaction; sent after the ROLLBACK it would have been stored on its own.
    expect(late).toBe('refused');
    expect(await rows('a_rows')).not.toContain('early');
    expect(await rows('a_rows')).not.toContain('late');
    expect(await rows('c_rows')).not.toContain('never');
  });
});
