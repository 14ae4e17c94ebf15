import type { PoolClient, StoredEvent } from '@budget/platform';
import { TRANSACTION_TYPE, type TransactionEvent } from '../domain/transaction.events.js';
import { paymentChannelOf } from './apply-transaction-event.js';
import { membershipsOf, visibleInCategories, type AccountFacts } from './membership.js';
import { registerTuning, replaceRows, type NewRow } from './registers.js';
import { reviewOnRecord } from './review-state.js';
import { LOG_COLUMNS, LOG_VALUES, logEntry, logParams } from './transaction-log.js';
import { writeSplits, type LoadedTransaction, type Touched } from './transaction-rows.js';

export type Recorded = StoredEvent & TransactionEvent & { type: 'TransactionRecorded' };

/** Whether the set-based path takes this event: a new transaction other than a starting balance. */
export const recordsInBatch = (event: StoredEvent): event is Recorded =>
  event.type === 'TransactionRecorded' && (event.data as { kind?: string }).kind !== 'starting-balance';

/**
 * Records many new transactions at once (an import, a sync, a run of a rebuild), with the effects
 * `applyTransactionEvent` has for each, in a fixed number of statements per table: the rows, their
 * register rows (only the blocks they land in are recounted), their splits, the monthly sums, the
 * balances of what they touched, and one log line each. A transaction already stored (a replay)
 * is skipped, as the one-by-one path skips it.
 */
export async function recordMany(client: PoolClient, events: readonly Recorded[]): Promise<void> {
  if (events.length === 0) return;
  const accountIds = [...new Set(events.flatMap((e) => (e.data.account ? [e.data.account.accountId] : [])))];
  // The principle as the event carries it; only a loan keeps it (in the statement, and once its facts are read, below).
  const all = events.map((event): LoadedTransaction => {
    const { transactionId, kind, date, comment, splits, account } = event.data;
    return {
      id: transactionId, userId: event.metadata.userId, kind, date, deleted: false, accountId: account?.accountId ?? null,
      amount: account?.amount ?? null, principle: account?.principle ?? null,
      pending: account?.pending ?? false, splits, seq: event.position, name: account?.name ?? null, version: event.revision,
      statementId: account?.statementId ?? null, comment, originalSeq: null,
    };
  });
  const col = <T>(f: (tx: LoadedTransaction, event: Recorded) => T) => all.map((tx, i) => f(tx, events[i]!));
  // A transaction stored already (a replay) conflicts and is left out of everything below; its log
  // line, keyed by the event id, is kept as it was. The same statement reads the accounts' facts.
  const logs = all.map((tx, i) => logEntry(events[i]!, null, tx));
  const { rows: result } = await client.query<{ id: string; account: boolean; original: string | null; original_seq: string | null } & Partial<AccountFacts>>(
    `WITH logs AS (
       INSERT INTO ledger_transaction_logs (${LOG_COLUMNS}) ${LOG_VALUES(19)}
       ON CONFLICT (id) DO NOTHING),
     ins AS (
       INSERT INTO ledger_transactions (user_id, id, kind, type, date, comment, version, account_id, name, amount_cents,
         principle_cents, pending, provider, provider_transaction_id, statement_id, splits, seq, recorded_at, duplicate_of, payment_channel, review_reason)
       SELECT u.user_id, u.id, u.kind, u.type, u.date, u.comment, u.version, u.account_id, u.name, u.amount_cents,
              CASE WHEN a.type = 'loan' THEN u.principle_cents END, u.pending, u.provider, u.provider_transaction_id,
              u.statement_id, u.splits, u.seq, u.recorded_at,
              COALESCE(o.id, CASE WHEN u.duplicate_of = ANY($2::uuid[]) THEN u.duplicate_of END), u.payment_channel, u.review_reason
         FROM unnest($1::text[], $2::uuid[], $3::text[], $4::smallint[], $5::date[], $6::text[], $7::int[], $8::uuid[], $9::text[],
                $10::bigint[], $11::bigint[], $12::boolean[], $13::text[], $14::text[], $15::uuid[], $16::jsonb[], $17::bigint[], $18::timestamptz[],
                $32::uuid[], $33::text[], $34::text[])
              WITH ORDINALITY AS u(user_id, id, kind, type, date, comment, version, account_id, name, amount_cents, principle_cents, pending,
                provider, provider_transaction_id, statement_id, splits, seq, recorded_at, duplicate_of, payment_channel, review_reason, ord)
         LEFT JOIN ledger_accounts a ON a.id = u.account_id
         -- A flag only points at a live row (one deleted meanwhile has resolved the pair), alike live and in
         -- a rebuild, where the original may be recorded in this same statement (a run holds no delete).
         LEFT JOIN ledger_transactions o ON o.id = u.duplicate_of AND NOT o.deleted
        ORDER BY u.ord
       ON CONFLICT (id) DO NOTHING RETURNING id, duplicate_of)
     SELECT id::text, false AS account, NULL AS tracking, NULL AS "startDate", NULL AS type, duplicate_of::text AS original,
            (SELECT o.seq FROM ledger_transactions o WHERE o.id = ins.duplicate_of)::text AS original_seq FROM ins
     UNION ALL
     SELECT id::text, true, tracking, to_char(start_date, 'YYYY-MM-DD'), type, NULL, NULL FROM ledger_accounts WHERE id = ANY($31::uuid[])`,
    [
      col((t) => t.userId), col((t) => t.id), col((t) => t.kind), col((t) => TRANSACTION_TYPE[t.kind]), col((t) => t.date),
      col((t) => t.comment), col((t) => t.version), col((t) => t.accountId), col((t) => t.name), col((t) => t.amount),
      col((t) => t.principle), col((t) => t.pending), col((_, e) => e.data.account?.provider ?? null),
      col((_, e) => e.data.account?.providerTransactionId ?? null), col((t) => t.statementId), col((t) => JSON.stringify(t.splits)),
      col((t) => t.seq.toString()), col((_, e) => e.metadata.recordedAt),
      ...logParams(logs),
      accountIds, col((_, e) => e.data.duplicateOfTransactionId ?? null), col((_, e) => paymentChannelOf(e.data.account)),
      col((_, e) => reviewOnRecord(e)),
    ],
  );
  const accounts = new Map(result.filter((r) => r.account).map((r) => [r.id, { tracking: r.tracking!, startDate: r.startDate!, type: r.type! }]));
  const inserted = result.filter((r) => !r.account);
  // Only a loan moves by its principle (`balanceMove`): elsewhere it is dropped, as the statement did.
  for (const tx of all) if (tx.accountId === null || accounts.get(tx.accountId)?.type !== 'loan') tx.principle = null;
  const added = new Map(inserted.map((r) => [r.id, r]));
  const txs = all.filter((tx) => added.has(tx.id));
  // A flagged row is placed beside its original (`orderKey`), which may be recorded in this same statement.
  const seqs = new Map(all.map((tx) => [tx.id, tx.seq]));
  for (const tx of txs) {
    const { original, original_seq } = added.get(tx.id)!;
    tx.originalSeq = original === null ? null : original_seq !== null ? BigInt(original_seq) : (seqs.get(original) ?? null);
  }
  if (txs.length === 0) return;
  const facts = (tx: LoadedTransaction) => (tx.accountId ? (accounts.get(tx.accountId) ?? null) : null);
  const rows: NewRow[] = txs.flatMap((tx) => membershipsOf(tx, facts(tx)).map((m) => ({ ...m, userId: tx.userId, transactionId: tx.id })));
  const touched: Touched = {
    accounts: txs.flatMap((tx) => (tx.accountId ? [tx.accountId] : [])),
    categories: txs.flatMap((tx) => tx.splits.map((split) => ({ userId: tx.userId, categoryId: split.categoryId }))),
  };
  const splits = () => writeSplits(client, txs.map((tx) => ({ userId: tx.userId, tx, live: visibleInCategories(tx, facts(tx)) })), touched);
  if (rows.length > registerTuning.bulkFrom) {
    await replaceRows(client, [], rows);
    await splits();
    return;
  }
  // A few rows (a write's): the splits-and-balances statement goes out right behind the register
  // statement, on a pipelined client in the same round trip. The balances read the block sums,
  // which that statement has completed (`replaceRows` adds new rows to the sums of the blocks
  // holding them before any block is recounted); it is written first, as `replaceRows` sends it
  // before it awaits anything when it removes nothing.
  await Promise.all([replaceRows(client, [], rows), splits()]);
}
