import { randomUUID } from 'node:crypto';
import { ledgerProjection } from '@budget/ledger';
import { migrate, withTransaction, type PoolClient, type StoredEvent } from '@budget/platform';
import { createTestDatabase } from '@budget/platform/testing';
import { positive } from './args.js';
import { random } from './fill.js';
import { percentile } from './measure/timing.js';

/**
 * The ledger projection alone on runs of changes (docs/architecture.md §4): an account holds
 * `--existing` transactions (default 20,000, recorded set-based), then each round projects, in one
 * database transaction each:
 * - `changed`: 5,000 `TransactionChanged` (amount and its Unassigned split), as a re-import or a
 *   Plaid modify sends them;
 * - `posted`: 2,500 pending rows posted (a new posted row and the pending row's delete, interleaved
 *   as a sync's chunk appends them): 5,000 events.
 * Each case both ways, interleaved round by round (`--rounds`, default 3): `one-by-one`, the path
 * before set-based changes (runs of new rows set-based, every other event through `apply`), and
 * `set-based` (`ledgerProjection.applyBatch`). Run: `npm run bench:changes -- [--existing 20000] [--rounds 3]`.
 */
const option = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const existing = positive('existing', option('existing'), 20_000);
const rounds = positive('rounds', option('rounds'), 3);
const ROWS = 5_000;

const userId = randomUUID();
const accountId = randomUUID();
const unassigned = randomUUID();
let position = 0n;
const revisions = new Map<string, number>();
const stored = (transactionId: string, type: string, data: unknown): StoredEvent => {
  const revision = (revisions.get(transactionId) ?? -1) + 1;
  revisions.set(transactionId, revision);
  position += 1n;
  return {
    id: randomUUID(), streamId: `transaction-${transactionId}`, revision, position, type, data,
    metadata: { userId, correlationId: randomUUID(), causationId: null, recordedAt: '2025-03-01T12:00:00.000Z', actor: 'plaid' },
  };
};
const next = random(7);
const amounts = new Map<string, number>();
const recorded = (pending: boolean) => {
  const transactionId = randomUUID();
  const amount = -1 - Math.floor(next() * 20_000);
  amounts.set(transactionId, amount);
  const date = new Date(Date.UTC(2023, 0, 1 + Math.floor(next() * 730))).toISOString().slice(0, 10);
  return stored(transactionId, 'TransactionRecorded', {
    transactionId, kind: 'regular', date, comment: null, splits: [{ categoryId: unassigned, amount, comment: null }],
    account: { accountId, name: 'BANK', amount, principle: null, pending, provider: 'PLAID', providerTransactionId: transactionId, statementId: null },
  });
};

/** The projection before set-based changes: runs of new rows through `recordMany` (applyBatch), every other event one by one. */
async function oneByOne(client: PoolClient, events: readonly StoredEvent[]): Promise<void> {
  let run: StoredEvent[] = [];
  for (const event of events) {
    if (event.type === 'TransactionRecorded') {
      run.push(event);
      continue;
    }
    if (run.length > 0) await ledgerProjection.applyBatch!(client, run);
    run = [];
    await ledgerProjection.apply(client, event);
  }
  if (run.length > 0) await ledgerProjection.applyBatch!(client, run);
}

const database = await createTestDatabase('change_projection_bench');
try {
  await migrate(database.pool, ledgerProjection.migrations);
  const apply = (events: readonly StoredEvent[], how: 'one-by-one' | 'set-based') =>
    withTransaction(database.pool, (client) => (how === 'set-based' ? ledgerProjection.applyBatch!(client, events) : oneByOne(client, events)));
  position += 1n;
  await apply([{
    id: randomUUID(), streamId: `account-${accountId}`, revision: 0, position, type: 'AccountOpened',
    data: { accountId, institutionId: randomUUID(), name: 'Checking', type: 'depository', subtype: 'checking', tracking: 'Transactions', startDate: '2023-01-01', balance: 0, rate: null },
    metadata: { userId, correlationId: randomUUID(), causationId: null, recordedAt: '2025-03-01T12:00:00.000Z', actor: 'user' },
  }], 'set-based');
  const ids: string[] = [];
  for (let left = existing; left > 0; left -= ROWS) {
    const events = Array.from({ length: Math.min(ROWS, left) }, () => recorded(false));
    ids.push(...events.map((e) => (e.data as { transactionId: string }).transactionId));
    await apply(events, 'set-based');
  }
  // Pending rows for every `posted` round, both ways.
  const pending: string[][] = [];
  for (let i = 0; i < rounds * 2; i++) {
    const events = Array.from({ length: ROWS / 2 }, () => recorded(true));
    pending.push(events.map((e) => (e.data as { transactionId: string }).transactionId));
    await apply(events, 'set-based');
  }
  await database.pool.query('VACUUM (ANALYZE)');
  const changed = (): StoredEvent[] =>
    ids.slice(0, ROWS).map((transactionId) => {
      const from = amounts.get(transactionId)!;
      const to = from - 1;
      amounts.set(transactionId, to);
      return stored(transactionId, 'TransactionChanged', {
        transactionId, changes: { amount: { from, to }, splits: { from: [{ categoryId: unassigned, amount: from, comment: null }], to: [{ categoryId: unassigned, amount: to, comment: null }] } },
      });
    });
  const posted = (rows: string[]): StoredEvent[] =>
    rows.flatMap((pendingId) => [recorded(false), stored(pendingId, 'TransactionDeleted', { transactionId: pendingId })]);

  const samples: Record<string, number[]> = {};
  const time = async (name: string, events: StoredEvent[], how: 'one-by-one' | 'set-based') => {
    const started = performance.now();
    await apply(events, how);
    (samples[`${name} ${how}`] ??= []).push(performance.now() - started);
  };
  for (let round = 0; round < rounds; round++) {
    for (const how of ['one-by-one', 'set-based'] as const) {
      await time('changed', changed(), how);
      await time('posted', posted(pending.pop()!), how);
    }
    console.log(`round ${round + 1}: ${Object.entries(samples).map(([name, ms]) => `${name} ${ms[round]!.toFixed(0)} ms`).join('; ')}`);
  }
  console.log(`\nLedger projection of 5,000-event runs on an account of ${existing.toLocaleString('en')} transactions; median of ${rounds} interleaved rounds`);
  console.log('| run | one by one: ms | events/s | set-based: ms | events/s |\n|---|---|---|---|---|');
  for (const name of ['changed', 'posted']) {
    const cell = (how: string) => {
      const ms = samples[`${name} ${how}`]!;
      const median = percentile(ms, 50);
      return `${median.toFixed(0)} (${ms.map((m) => m.toFixed(0)).join(', ')}) | ${Math.round((ROWS * 1000) / median).toLocaleString('en')}`;
    };
    console.log(`| ${name === 'changed' ? '5,000 rows changed' : '2,500 pending rows posted'} | ${cell('one-by-one')} | ${cell('set-based')} |`);
  }
} finally {
  await database.drop();
}
