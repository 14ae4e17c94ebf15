import { DEFAULT_CHECKPOINT_NAME, lockCheckpoint, lockOutWriters, saveCheckpoint, withTransaction, type Pool, type PoolClient } from '@budget/platform';
import { HEAD_POSITION, INSERT_EVENTS, POSITION_BASE } from './events.sql.js';
import { ledgerFacts, TRACKING } from './ledger-facts.js';
import {
  ACCOUNT_MEMBERSHIPS, ADD_CATEGORY_MONTHS, CATEGORY_MEMBERSHIPS, CREATE_NEW_REGISTER_ROWS, DROP_EMPTY_CATEGORY_MONTHS, INSERT_SPLITS, INSERT_TRANSACTION_LOGS, INSERT_TRANSACTIONS,
  MOVE_TOUCHED_REGISTERS, REFRESH_ACCOUNT_BALANCES, REFRESH_CATEGORY_BALANCES, DROP_REGISTER_BLOCKS, WRITE_REGISTER_BLOCKS, WRITE_REGISTERS,
} from './read-models.sql.js';

/** The user, accounts and categories the new transactions belong to (created the normal way first). */
export interface BulkTarget {
  userId: string;
  /** Offline, Transactions-tracked accounts; the first one is the big one. At least 2. */
  accountIds: readonly string[];
  /** The user's categories; the first one is the big one. At least 3. */
  categoryIds: readonly string[];
  /** The accounts' start date (YYYY-MM-DD); transactions are dated from here on, a few before. */
  startDate: string;
}

export interface BulkOptions {
  transactions: number;
  seed: number;
  /** Days after the start date the dates spread over (default 730). */
  daySpan?: number;
  /** Every n-th transaction goes to the big account (default 10: 100,000 of 1M). */
  bigAccountEvery?: number;
  /** Every n-th transaction starts its splits in the big category (default 7). */
  bigCategoryEvery?: number;
  /** recordedAt of the first event; each next one is 1 ms later (default 2025-01-01T00:00:00.000Z). */
  recordedAt?: string;
  /** How the product projects: `inline` (no projector to wait for) or `async` (default: the projector must be at the head). */
  projection?: 'inline' | 'async';
  /** Told each step and how long it took. */
  log?: (line: string) => void;
}

export interface BulkResult {
  transactions: number;
  /** Log positions of the new events, inclusive. */
  firstPosition: bigint;
  lastPosition: bigint;
  steps: { step: string; ms: number }[];
}

const PAYEES = ['Corner Grocer', 'City Power', 'Fuel Stop', 'Pharmacy', 'Hardware Depot', 'Cafe Roma', 'Payroll', 'Book Nook', 'Gym', 'Water Utility'];
/** The actor every generated event carries, and how the transaction log names it. */
const ACTOR = { id: 'user', label: 'You' } as const;

/**
 * Appends `transactions` manual `TransactionRecorded` events to the log and builds the ledger's read
 * models for them with set-based SQL, then moves the projector checkpoint past them, all in ONE
 * transaction that holds the rebuild lock and the checkpoint lock: inline appends and projector
 * batches wait, then resume from the new head. The projector must be caught up first, and no
 * write may be under way (an async-mode append begun earlier and committed meanwhile would sit
 * below the new checkpoint): it is a benchmark's loader, for a product nobody is using.
 */
export async function bulkLoadTransactions(pool: Pool, target: BulkTarget, options: BulkOptions): Promise<BulkResult> {
  if (target.accountIds.length < 2) throw new Error('bulk load needs at least 2 accounts');
  if (target.categoryIds.length < 3) throw new Error('bulk load needs at least 3 categories');
  if (options.transactions >= 2 ** 20) throw new Error('bulk load writes fewer than 2^20 events: they take one transaction\'s positions');
  if (!Number.isSafeInteger(options.transactions) || options.transactions < 1) throw new Error(`transactions must be a positive integer, got ${options.transactions}`);
  const facts = ledgerFacts();
  const steps: BulkResult['steps'] = [];

  return withTransaction(pool, async (client) => {
    const step = async (name: string, sql: string, values: unknown[]) => {
      const started = performance.now();
      const result = await client.query(sql, values);
      const ms = performance.now() - started;
      steps.push({ step: name, ms });
      options.log?.(`${name}: ${result.rowCount ?? 0} rows in ${(ms / 1000).toFixed(1)} s`);
      return result.rowCount ?? 0;
    };
    await useMemory(client);
    await lockOutWriters(client);
    const checkpoint = await lockCheckpoint(client, DEFAULT_CHECKPOINT_NAME);
    const { rows } = await client.query<{ head: string }>(HEAD_POSITION);
    const head = BigInt(rows[0]!.head);
    // Projected inline, every stored event is in the read models already; else the projector must be.
    if (options.projection !== 'inline' && checkpoint !== head) {
      throw new Error(`the projector is at ${checkpoint} but the log at ${head}: let it catch up before a bulk load`);
    }

    const n = options.transactions;
    const inserted = await step('events', INSERT_EVENTS, [
      n, options.seed, head.toString(), target.userId, target.accountIds, target.categoryIds, PAYEES, target.startDate,
      options.daySpan ?? 730, options.recordedAt ?? '2025-01-01T00:00:00.000Z', options.bigAccountEvery ?? 10,
      options.bigCategoryEvery ?? 7, facts.streamPrefix, 'TransactionRecorded', 'manual', ACTOR.id,
    ]);
    if (inserted !== n) throw new Error(`inserted ${inserted} events, expected ${n}`);
    const base = BigInt((await client.query<{ base: string }>(POSITION_BASE)).rows[0]!.base);
    const last = base + BigInt(n);

    const from = head.toString();
    await step('ledger_transactions', INSERT_TRANSACTIONS, [from, facts.typeByKind, 'TransactionRecorded']);
    await step('ledger_splits', INSERT_SPLITS, [from, TRACKING.transactions]);
    await step('ledger_category_months', ADD_CATEGORY_MONTHS, [from]);
    await step('empty category months', DROP_EMPTY_CATEGORY_MONTHS, []);
    await client.query(CREATE_NEW_REGISTER_ROWS);
    await step('account memberships', ACCOUNT_MEMBERSHIPS, [from, facts.accountPrefix, facts.pendingAccountPrefix]);
    await step('category memberships', CATEGORY_MEMBERSHIPS, [from, facts.categoryPrefix, facts.pendingCategoryPrefix, facts.categoryKindOrder]);
    await step('existing rows of touched registers', MOVE_TOUCHED_REGISTERS, []);
    await step('ledger_register_rows', WRITE_REGISTERS, []);
    await step('old blocks of touched registers', DROP_REGISTER_BLOCKS, []);
    await step('ledger_register_blocks', WRITE_REGISTER_BLOCKS, []);
    await step('account balances', REFRESH_ACCOUNT_BALANCES, [from, facts.accountPrefix, facts.pendingAccountPrefix, TRACKING.balances]);
    await step('category balances', REFRESH_CATEGORY_BALANCES, [from, facts.categoryPrefix, facts.pendingCategoryPrefix]);
    await step('ledger_transaction_logs', INSERT_TRANSACTION_LOGS, [from, ACTOR.label]);
    await saveCheckpoint(client, DEFAULT_CHECKPOINT_NAME, last);
    return { transactions: n, firstPosition: base + 1n, lastPosition: last, steps };
  });
}

/** Room for the window sorts and hash joins of a million-row load, for this transaction only. */
async function useMemory(client: PoolClient): Promise<void> {
  await client.query(`SELECT set_config('work_mem', $1, true), set_config('maintenance_work_mem', $1, true)`, ['256MB']);
}
