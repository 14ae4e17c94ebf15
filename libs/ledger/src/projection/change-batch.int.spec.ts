import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { migrate, withTransaction, type Pool, type StoredEvent } from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Split } from '../domain/transaction.events.js';
import { ledgerTables } from './ledger.migrations.js';
import { ledgerProjection } from './ledger.projection.js';

/**
 * The set-based projection of runs of transaction events (`applyBatch`: `recordMany` and
 * `changeMany`) against the reference, `apply` one event at a time: the same random event
 * sequences — new rows (bank rows with Plaid's payment channel or none), changes of every field
 * (pending → posted with another amount, a rule's splits, a loan's principle, a starting balance),
 * deletes, restores, flagged duplicates and their dedup, start-date and tracking moves among them — go into two databases, one by one into the
 * first and in batches cut at random into the second, and every ledger table must then hold the
 * same rows in both.
 */
const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 40);
const SEED = Number(process.env['PROPERTY_SEED'] ?? Date.now() % 2 ** 31);

let reference: TestDatabase;
let batched: TestDatabase;

beforeAll(async () => {
  [reference, batched] = await Promise.all([createTestDatabase('ledger_change_ref'), createTestDatabase('ledger_change_batch')]);
  for (const db of [reference, batched]) {
    // The projection's own tables (ledger, payees, turnover), and the one table of the budget
    // context the payees model reads (the special categories' ids): none exist here, as in a
    // user's first batch.
    await db.pool.query('CREATE TABLE IF NOT EXISTS budget_categories (user_id text NOT NULL, id text NOT NULL, type text NOT NULL)');
    await migrate(db.pool, ledgerProjection.migrations);
    // Blocks of about 4 rows, so that short sequences split and merge many of them.
    await db.pool.query(`CREATE OR REPLACE FUNCTION ledger_block_start(seq bigint) RETURNS boolean LANGUAGE sql IMMUTABLE AS 'SELECT (hashint8(seq) & 3) = 0'`);
  }
}, 60_000);
afterAll(async () => Promise.all([reference?.drop(), batched?.drop()]));

type Step =
  | { k: 'record'; acct: number; day: number; amount: number; cats: number[]; pending: boolean; funding: boolean; dup: number | null }
  | { k: 'change'; tx: number; amount: number | null; day: number | null; cats: number[] | null; pending: boolean | null; name: boolean; comment: boolean; principle: number | null; statement: boolean }
  | { k: 'delete'; tx: number }
  | { k: 'restore'; tx: number }
  | { k: 'dedup'; tx: number }
  | { k: 'startDate'; acct: number; day: number }
  | { k: 'tracking'; acct: number; to: number };

const cents = fc.integer({ min: -200_000, max: 200_000 });
const cats = fc.array(fc.nat(4), { minLength: 1, maxLength: 3 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ k: fc.constant('record' as const), acct: fc.nat(4), day: fc.nat(40), amount: cents, cats, pending: fc.boolean(), funding: fc.constantFrom(false, false, false, true), dup: fc.option(fc.nat(), { freq: 3 }) }) },
  {
    weight: 6,
    arbitrary: fc.record({
      k: fc.constant('change' as const), tx: fc.nat(), amount: fc.option(cents), day: fc.option(fc.nat(40)), cats: fc.option(cats), pending: fc.option(fc.boolean()),
      name: fc.boolean(), comment: fc.boolean(), principle: fc.option(cents, { freq: 4 }), statement: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('delete' as const), tx: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('restore' as const), tx: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('dedup' as const), tx: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('startDate' as const), acct: fc.nat(3), day: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('tracking' as const), acct: fc.nat(3), to: fc.nat(2) }) },
);

const TRACKINGS = ['Transactions', 'Uncategorized Transactions', 'Balances'] as const;
const CHANNELS = ['in store', 'online', 'other'] as const;
const day = (n: number) => new Date(Date.UTC(2025, 2, 1 + n)).toISOString().slice(0, 10);
let position = 0n;

/** Splits of `amount` over the chosen categories, the remainder on the last (as a rule splits). */
function spread(amount: number, categories: string[]): Split[] {
  const share = Math.trunc(amount / categories.length);
  return categories.map((categoryId, i) => ({ categoryId, amount: i === categories.length - 1 ? amount - share * i : share, comment: null }));
}

/** The events of one user's sequence, with positions and revisions as the store gives them. */
function eventsOf(steps: Step[]): StoredEvent[] {
  const userId = randomUUID();
  const categories = Array.from({ length: 5 }, () => randomUUID());
  const revisions = new Map<string, number>();
  const out: StoredEvent[] = [];
  const emit = (stream: string, type: string, data: unknown) => {
    const revision = (revisions.get(stream) ?? -1) + 1;
    revisions.set(stream, revision);
    position += 1n;
    out.push({
      id: randomUUID(), streamId: stream, revision, position, type, data,
      metadata: { userId, correlationId: randomUUID(), causationId: null, recordedAt: '2025-03-01T12:00:00.000Z', actor: type === 'TransactionChanged' && position % 3n === 0n ? 'plaid' : 'user' },
    });
  };
  // A checking account, a loan, an uncategorized and a balances account, each with its starting balance.
  const accounts = [['depository', 'Transactions'], ['loan', 'Transactions'], ['depository', 'Uncategorized Transactions'], ['depository', 'Balances']].map(([type, tracking], i) => {
    const accountId = randomUUID();
    const balance = 10_000 * (i + 1);
    emit(`account-${accountId}`, 'AccountOpened', { accountId, institutionId: randomUUID(), name: `A${i}`, type, subtype: type === 'loan' ? 'mortgage' : 'checking', tracking, startDate: day(5), balance, rate: null });
    const start = randomUUID();
    emit(`transaction-${start}`, 'TransactionRecorded', {
      transactionId: start, kind: 'starting-balance', date: day(5), comment: null, splits: [{ categoryId: categories[0], amount: balance, comment: null }],
      account: { accountId, name: 'Initial Funding', amount: balance, principle: null, pending: false, provider: 'NONE', providerTransactionId: null, statementId: null },
    });
    return { accountId, start, tracking: tracking!, startDate: day(5) };
  });
  // Every transaction of the sequence: the starting balances can be changed, deleted and restored too.
  const txs: { id: string; amount: number; date: string; pending: boolean; name: string; accountId: string | null }[] = accounts.map((a, i) => ({
    id: a.start, amount: 10_000 * (i + 1), date: day(5), pending: false, name: 'Initial Funding', accountId: a.accountId,
  }));
  const pick = (n: number) => txs[n % txs.length]!;
  for (const s of steps) {
    switch (s.k) {
      case 'record': {
        const id = randomUUID();
        const chosen = s.cats.map((c) => categories[c]!);
        if (s.funding) {
          const amount = Math.abs(s.amount);
          emit(`transaction-${id}`, 'TransactionRecorded', {
            transactionId: id, kind: 'funding', date: day(s.day), comment: null, account: null,
            splits: [{ categoryId: categories[0], amount: -amount, comment: null }, { categoryId: chosen[0], amount, comment: null }],
          });
          txs.push({ id, amount, date: day(s.day), pending: false, name: '', accountId: null });
          break;
        }
        const account = accounts[s.acct % accounts.length]!;
        const original = s.dup === null ? undefined : pick(s.dup);
        emit(`transaction-${id}`, 'TransactionRecorded', {
          transactionId: id, kind: s.acct === 4 ? 'manual' : 'regular', date: day(s.day), comment: null, splits: spread(s.amount, chosen),
          account: {
            accountId: account.accountId, name: 'Shop', amount: s.amount, principle: s.acct === 1 ? Math.trunc(s.amount / 2) : null, pending: s.pending,
            provider: s.acct === 4 ? 'NONE' : 'PLAID', providerTransactionId: s.acct === 4 ? null : id, statementId: null,
            // Plaid's payment channel on most bank rows (none on some, as a bank may give none): both paths must store it alike.
            ...(s.acct !== 4 && s.amount % 4 !== 0 && { paymentChannel: CHANNELS[Math.abs(s.amount) % CHANNELS.length] }),
          },
          ...(original && { duplicateOfTransactionId: original.id }),
        });
        txs.push({ id, amount: s.amount, date: day(s.day), pending: s.pending, name: 'Shop', accountId: account.accountId });
        break;
      }
      case 'change': {
        const tx = pick(s.tx);
        const changes: Record<string, unknown> = {};
        if (s.amount !== null) {
          changes['amount'] = { from: tx.amount, to: s.amount };
          tx.amount = s.amount;
        }
        if (s.cats !== null || s.amount !== null) {
          changes['splits'] = { from: [], to: spread(tx.amount, (s.cats ?? [1]).map((c) => categories[c]!)) };
        }
        if (s.day !== null) {
          changes['date'] = { from: tx.date, to: day(s.day) };
          tx.date = day(s.day);
        }
        if (s.pending !== null && tx.accountId !== null) {
          changes['pending'] = { from: tx.pending, to: s.pending };
          tx.pending = s.pending;
        }
        if (s.name) changes['name'] = { from: tx.name, to: `${tx.name}!` };
        if (s.comment) changes['comment'] = { from: null, to: s.tx % 2 === 0 ? 'noted' : null };
        if (s.principle !== null) changes['principle'] = { from: null, to: s.principle };
        if (s.statement) changes['statementId'] = { from: null, to: s.tx % 2 === 0 ? randomUUID() : null };
        emit(`transaction-${tx.id}`, 'TransactionChanged', { transactionId: tx.id, changes, ...(s.tx % 5 === 0 && { autoAssignment: { ruleId: randomUUID(), ruleName: 'R', searchString: 'sh' } }) });
        break;
      }
      case 'delete':
      case 'restore':
      case 'dedup': {
        const tx = pick(s.tx);
        const type = { delete: 'TransactionDeleted', restore: 'TransactionRestored', dedup: 'TransactionDuplicateCleared' }[s.k];
        emit(`transaction-${tx.id}`, type, { transactionId: tx.id });
        break;
      }
      case 'startDate': {
        const account = accounts[s.acct]!;
        emit(`account-${account.accountId}`, 'AccountStartDateChanged', { accountId: account.accountId, from: account.startDate, to: day(s.day) });
        account.startDate = day(s.day);
        break;
      }
      case 'tracking': {
        const account = accounts[s.acct]!;
        const to = TRACKINGS[s.to]!;
        if (to === account.tracking) break;
        emit(`account-${account.accountId}`, 'AccountTrackingChanged', { accountId: account.accountId, from: account.tracking, to });
        account.tracking = to;
        break;
      }
    }
  }
  return out;
}

async function oneByOne(pool: Pool, events: StoredEvent[]): Promise<void> {
  for (const event of events) await withTransaction(pool, (client) => ledgerProjection.apply(client, event));
}

/** The events in batches cut where `cuts` say (each a fraction of the sequence), each batch one transaction. */
async function inBatches(pool: Pool, events: StoredEvent[], cuts: number[]): Promise<void> {
  const at = [...new Set(cuts.map((c) => Math.floor(c * events.length)))].sort((a, b) => a - b);
  let from = 0;
  for (const to of [...at, events.length]) {
    const batch = events.slice(from, to);
    if (batch.length > 0) await withTransaction(pool, (client) => ledgerProjection.applyBatch!(client, batch));
    from = Math.max(from, to);
  }
}

const snapshot = async (pool: Pool) => {
  const out: Record<string, unknown[]> = {};
  for (const table of ledgerTables) out[table] = (await pool.query(`SELECT * FROM ${table} AS row ORDER BY row::text`)).rows;
  return out;
};

describe('set-based projection of transaction changes', () => {
  it(`equals the one-by-one projection, every ledger table row for row, over ${RUNS} sequences (seed ${SEED})`, async () => {
    console.log(`change batches: ${RUNS} runs, seed ${SEED} (PROPERTY_SEED=${SEED} PROPERTY_RUNS=${RUNS} to replay)`);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 60 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 4 }), async (steps, cuts) => {
        const events = eventsOf(steps);
        await oneByOne(reference.pool, events);
        await inBatches(batched.pool, events, cuts);
        expect(await snapshot(batched.pool)).toEqual(await snapshot(reference.pool));
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 600_000);

  it('projects a run of 300 changes with its deletes and restores in one batch as one by one (the bulk register path)', async () => {
    const steps: Step[] = [
      ...Array.from({ length: 150 }, (_, i): Step => ({ k: 'record', acct: i % 5, day: i % 40, amount: -100 - i, cats: [i % 5, (i + 1) % 5], pending: i % 3 === 0, funding: i % 17 === 0, dup: i % 7 === 0 ? i : null })),
      ...Array.from({ length: 150 }, (_, i): Step => ({
        k: 'change', tx: i + 4, amount: i % 2 === 0 ? -200 - i : null, day: i % 3 === 0 ? (i * 7) % 40 : null, cats: i % 4 === 0 ? [2, 3] : null,
        pending: i % 3 === 0 ? false : null, name: i % 5 === 0, comment: false, principle: null, statement: false,
      })),
      ...Array.from({ length: 60 }, (_, i): Step => ({ k: 'delete', tx: 3 * i + 4 })),
      ...Array.from({ length: 20 }, (_, i): Step => ({ k: 'restore', tx: 9 * i + 4 })),
    ];
    const events = eventsOf(steps);
    await oneByOne(reference.pool, events);
    await inBatches(batched.pool, events, [0.4]);
    expect(await snapshot(batched.pool)).toEqual(await snapshot(reference.pool));
  }, 120_000);
});
