import type { PoolClient, StoredEvent } from '@budget/platform';
import { TRANSACTION_TYPE, type AccountPart, type TransactionEvent } from '../domain/transaction.events.js';
import { reviewEffect, reviewOnRecord } from './review-state.js';
import { writeTransactionLog } from './transaction-log.js';
import {
  categoriesOf, clearFlags, loadAccountFacts, loadTransaction, place, placeAgain, refreshBalances, unplace, type LoadedTransaction,
} from './transaction-rows.js';

type Stored<E> = StoredEvent & E;

export async function applyTransactionEvent(client: PoolClient, event: Stored<TransactionEvent>): Promise<void> {
  const userId = event.metadata.userId;
  const id = event.data.transactionId;
  // A bank row that claimed a typed row has no row of its own (the typed row's TransactionChanged says it all).
  if (event.type === 'BankRowClaimed') return;
  // A review moves no money and no register row: only the row's review state and version (review-state.ts).
  if (event.type === 'TransactionReviewed') {
    await client.query(`UPDATE ledger_transactions SET ${REVIEW_SET}, version = $4 WHERE id = $1`, [id, ...reviewParams(event), event.revision]);
    return;
  }
  if (event.type === 'TransactionDuplicateCleared') {
    // Only the flag and the version move, and the row's register rows go back to their own place
    // (`orderKey`) with the same sums: no split or balance is touched. Resolving the duplicate is
    // logged (README "Every cent explained"): the row now stays in the balance for good.
    const { rowCount } = await client.query('UPDATE ledger_transactions SET duplicate_of = NULL, version = $2 WHERE id = $1 AND duplicate_of IS NOT NULL', [id, event.revision]);
    if (rowCount === 0) await client.query('UPDATE ledger_transactions SET version = $2 WHERE id = $1', [id, event.revision]);
    else await placeAgain(client, [id]);
    const resolved = await loadTransaction(client, id);
    if (resolved) await writeTransactionLog(client, event, resolved, resolved);
    return;
  }
  const before = await loadTransaction(client, id);
  if (event.type === 'TransactionRecorded') {
    if (before) return; // replayed: already applied
    await record(client, event, userId);
  } else {
    if (!before) return;
    await client.query('UPDATE ledger_transactions SET version = $2 WHERE id = $1', [id, event.revision]);
    await unplace(client, id);
    await change(client, event, before);
  }
  const after = await loadTransaction(client, id);
  if (!after) return;
  const account = await loadAccountFacts(client, after.accountId);
  if (!after.deleted) await place(client, userId, after, account);
  if (after.kind === 'starting-balance' && after.accountId && !after.deleted) {
    await client.query('UPDATE ledger_accounts SET opening_balance_cents = $2, starting_transaction_id = $3 WHERE id = $1', [after.accountId, after.amount, id]);
  }
  const accounts = [before?.accountId, after.accountId].filter((a): a is string => typeof a === 'string');
  await refreshBalances(client, userId, accounts, categoriesOf(before, after));
  await writeTransactionLog(client, event, before, after);
}

/** The review state after an effect ($2 the mode, $3 the reason; review-state.ts `applyReviewEffect` in SQL). */
export const REVIEW_SET = `review_reason = CASE $2::text WHEN 'clear' THEN NULL WHEN 'set' THEN $3::text WHEN 'flag' THEN COALESCE(review_reason, $3::text) ELSE review_reason END`;

function reviewParams(event: Stored<TransactionEvent>): [string, string | null] {
  const effect = reviewEffect(event);
  return [effect.kind, 'reason' in effect ? effect.reason : null];
}

/** A principle is kept on loan accounts only (the spec's client sends `principle: 0` everywhere). */
async function onLoan(client: PoolClient, accountId: string | null | undefined): Promise<boolean> {
  return (await loadAccountFacts(client, accountId ?? null))?.type === 'loan';
}

/**
 * A bank row's payment channel as its TransactionRecorded carries it (null without one). Only the
 * recording sets it: TransactionChanged carries no channel, so a modified row keeps the one it
 * arrived with (README "Limits"); the set-based path (`recordMany`) takes it from here too.
 */
export const paymentChannelOf = (account: AccountPart | null): string | null =>
  typeof account?.paymentChannel === 'string' && account.paymentChannel !== '' ? account.paymentChannel : null;

async function record(client: PoolClient, event: Stored<TransactionEvent & { type: 'TransactionRecorded' }>, userId: string): Promise<void> {
  const { transactionId, kind, date, comment, splits, account, duplicateOfTransactionId } = event.data;
  const principle = account && (await onLoan(client, account.accountId)) ? account.principle : null;
  await client.query(
    `INSERT INTO ledger_transactions (user_id, id, kind, type, date, comment, version, account_id, name, amount_cents,
       principle_cents, pending, provider, provider_transaction_id, statement_id, splits, seq, recorded_at, duplicate_of, payment_channel, review_reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
       (SELECT o.id FROM ledger_transactions o WHERE o.id = $19::uuid AND NOT o.deleted), $20, $21)`,
    [
      userId, transactionId, kind, TRANSACTION_TYPE[kind], date, comment, event.revision, account?.accountId ?? null, account?.name ?? null,
      account?.amount ?? null, principle, account?.pending ?? false, account?.provider ?? null,
      account?.providerTransactionId ?? null, account?.statementId ?? null, JSON.stringify(splits), event.position.toString(),
      event.metadata.recordedAt, duplicateOfTransactionId ?? null, paymentChannelOf(account), reviewOnRecord(event),
    ],
  );
}

async function change(client: PoolClient, event: Stored<TransactionEvent>, before: LoadedTransaction): Promise<void> {
  const id = before.id;
  switch (event.type) {
    case 'TransactionDeleted':
      // Deleting either row of a flagged pair resolves it: the flags pointing at this row go with it.
      await client.query('UPDATE ledger_transactions SET deleted = true WHERE id = $1', [id]);
      await clearFlags(client, [id]);
      return;
    case 'TransactionRestored':
      await client.query('UPDATE ledger_transactions SET deleted = false WHERE id = $1', [id]);
      return;
    case 'TransactionChanged': {
      const c = event.data.changes;
      const principle = c.principle !== undefined && (await onLoan(client, before.accountId)) ? c.principle : undefined;
      await client.query(
        `UPDATE ledger_transactions SET
           date = COALESCE($2::date, date), name = COALESCE($3, name), amount_cents = COALESCE($4::bigint, amount_cents),
           principle_cents = CASE WHEN $5 THEN $6::bigint ELSE principle_cents END,
           comment = CASE WHEN $7 THEN $8 ELSE comment END,
           splits = COALESCE($9::jsonb, splits),
           statement_id = CASE WHEN $10 THEN $11::uuid ELSE statement_id END,
           pending = COALESCE($12::boolean, pending),
           provider = COALESCE($13, provider),
           provider_transaction_id = CASE WHEN $14 THEN $15 ELSE provider_transaction_id END,
           review_reason = CASE $16::text WHEN 'clear' THEN NULL WHEN 'set' THEN $17::text WHEN 'flag' THEN COALESCE(review_reason, $17::text) ELSE review_reason END
         WHERE id = $1`,
        [
          id, c.date?.to ?? null, c.name?.to ?? null, c.amount?.to ?? null, principle !== undefined, principle?.to ?? null,
          c.comment !== undefined, c.comment?.to ?? null, c.splits ? JSON.stringify(c.splits.to) : null,
          c.statementId !== undefined, c.statementId?.to ?? null, c.pending?.to ?? null,
          c.provider?.to ?? null, c.providerTransactionId !== undefined, c.providerTransactionId?.to ?? null, ...reviewParams(event),
        ],
      );
      return;
    }
    case 'TransactionRecorded':
    case 'TransactionDuplicateCleared':
    case 'BankRowClaimed':
    case 'TransactionReviewed':
      return;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown transaction event ${(unknown as { type: string }).type}`);
    }
  }
}
