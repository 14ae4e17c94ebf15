import type { PoolClient, StoredEvent } from '@budget/platform';
import type { TransactionEvent } from '../domain/transaction.events.js';
import { membershipsOf, visibleInCategories } from './membership.js';
import { replaceRows, type NewRow } from './registers.js';
import { reviewEffect } from './review-state.js';
import { logEntry, writeTransactionLogs } from './transaction-log.js';
import {
  addToMonths, categoriesOf, clearFlags, factsOf, loaded, TRANSACTION_COLUMNS, WITH_ACCOUNT_FACTS, writeSplits, type DbTransactionWithFacts, type LoadedTransaction, type Touched,
} from './transaction-rows.js';

export type Changing = StoredEvent & TransactionEvent & { type: 'TransactionChanged' | 'TransactionDeleted' | 'TransactionRestored' };

/** Whether the set-based change path takes this event: a change, delete or restore of a stored transaction. */
export const changesInBatch = (event: StoredEvent): event is Changing =>
  event.type === 'TransactionChanged' || event.type === 'TransactionDeleted' || event.type === 'TransactionRestored';

/**
 * The one-statement update of a run's transactions: the rows as they were (`old`) and as they are
 * now (`new`, with their accounts' facts). `TRANSACTION_COLUMNS` is this lib's constant column list.
 * A principle is kept on loan accounts only, as `applyTransactionEvent` keeps it.
 */
const UPDATE_SQL = `
  WITH u AS (
    SELECT * FROM unnest($1::uuid[], $2::int[], $3::boolean[], $4::date[], $5::text[], $6::bigint[], $7::boolean[], $8::bigint[],
                         $9::boolean[], $10::text[], $11::jsonb[], $12::boolean[], $13::uuid[], $14::boolean[], $15::text[], $16::boolean[], $17::text[],
                         $18::text[], $19::text[])
      AS u(id, version, deleted, date, name, amount, set_principle, principle, set_comment, comment, splits, set_statement, statement_id, pending,
           provider, set_provider_id, provider_id, review_mode, review_reason)),
  old AS (SELECT t.* FROM ledger_transactions t JOIN u ON u.id = t.id),
  upd AS (
    UPDATE ledger_transactions t SET
      version = u.version, deleted = COALESCE(u.deleted, t.deleted),
      date = COALESCE(u.date, t.date), name = COALESCE(u.name, t.name), amount_cents = COALESCE(u.amount, t.amount_cents),
      principle_cents = CASE WHEN u.set_principle AND (SELECT x.type FROM ledger_accounts x WHERE x.id = t.account_id) = 'loan'
                             THEN u.principle ELSE t.principle_cents END,
      comment = CASE WHEN u.set_comment THEN u.comment ELSE t.comment END,
      splits = COALESCE(u.splits, t.splits),
      statement_id = CASE WHEN u.set_statement THEN u.statement_id ELSE t.statement_id END,
      pending = COALESCE(u.pending, t.pending),
      provider = COALESCE(u.provider, t.provider),
      provider_transaction_id = CASE WHEN u.set_provider_id THEN u.provider_id ELSE t.provider_transaction_id END,
      review_reason = CASE u.review_mode WHEN 'clear' THEN NULL WHEN 'set' THEN u.review_reason
                                         WHEN 'flag' THEN COALESCE(t.review_reason, u.review_reason) ELSE t.review_reason END
      FROM u WHERE t.id = u.id
    RETURNING t.*)
  SELECT false AS after, ${TRANSACTION_COLUMNS}, NULL AS tracking, NULL AS "startDate", NULL AS account_type FROM old t
  UNION ALL
  SELECT true, m.* FROM (${WITH_ACCOUNT_FACTS(`SELECT ${TRANSACTION_COLUMNS} FROM upd t`)}) m`;

type Row = DbTransactionWithFacts & { after: boolean };

/**
 * Changes, deletes and restores many stored transactions at once (a sync's modified and posted
 * rows, a rule's apply-to-existing or its undo, a re-import), with exactly the effects that
 * `applyTransactionEvent` has for each, in a fixed number of statements per table: the rows are
 * updated in one statement that also reads them as they were; their register rows are replaced
 * (only the blocks they leave or land in are recounted); their splits leave the monthly sums and
 * are written again where the row is live; the balances of what they touched before or after are
 * recomputed; one log line each. An event whose transaction is not stored is skipped, as one by one.
 * The events are of distinct transactions (`ledgerProjection.applyBatch` cuts its runs so), whose
 * effects commute: each row's registers, splits and sums depend on that row alone.
 */
export async function changeMany(client: PoolClient, events: readonly Changing[]): Promise<void> {
  if (events.length === 0) return;
  const col = <T>(f: (e: Changing) => T) => events.map(f);
  const change = (e: Changing) => (e.type === 'TransactionChanged' ? e.data.changes : {});
  const { rows } = await client.query<Row>(UPDATE_SQL, [
    col((e) => e.data.transactionId), col((e) => e.revision),
    col((e) => (e.type === 'TransactionDeleted' ? true : e.type === 'TransactionRestored' ? false : null)),
    col((e) => change(e).date?.to ?? null), col((e) => change(e).name?.to ?? null), col((e) => change(e).amount?.to ?? null),
    col((e) => change(e).principle !== undefined), col((e) => change(e).principle?.to ?? null),
    col((e) => change(e).comment !== undefined), col((e) => change(e).comment?.to ?? null),
    col((e) => { const splits = change(e).splits; return splits ? JSON.stringify(splits.to) : null; }),
    col((e) => change(e).statementId !== undefined), col((e) => change(e).statementId?.to ?? null),
    col((e) => change(e).pending?.to ?? null),
    col((e) => change(e).provider?.to ?? null), col((e) => change(e).providerTransactionId !== undefined), col((e) => change(e).providerTransactionId?.to ?? null),
    col((e) => reviewEffect(e).kind), col((e) => { const effect = reviewEffect(e); return 'reason' in effect ? effect.reason : null; }),
  ]);
  const before = new Map(rows.filter((r) => !r.after).map((r) => [r.id, loaded(r)]));
  const after = new Map(rows.filter((r) => r.after).map((r) => [r.id, { tx: loaded(r), facts: factsOf(r) }] as const));
  const applied = events.filter((e) => before.has(e.data.transactionId));
  if (applied.length === 0) return;
  const ids = applied.map((e) => e.data.transactionId);
  // Deleting either row of a flagged pair resolves it: the flags pointing at a deleted row go with
  // it, and the rows that carried them go back to their own place (this run's own rows below).
  const deleted = applied.filter((e) => e.type === 'TransactionDeleted').map((e) => e.data.transactionId);
  for (const id of await clearFlags(client, deleted, new Set(ids))) {
    const cleared = after.get(id);
    if (cleared) cleared.tx.originalSeq = null;
  }
  const placed = applied.flatMap((e) => {
    const a = after.get(e.data.transactionId)!;
    return a.tx.deleted ? [] : [{ userId: e.metadata.userId, ...a }];
  });

  const rowsNow: NewRow[] = placed.flatMap(({ userId, tx, facts }) => membershipsOf(tx, facts).map((m) => ({ ...m, userId, transactionId: tx.id })));
  await replaceRows(client, ids, rowsNow);
  await addToMonths(client, 'UPDATE ledger_splits SET live = false WHERE transaction_id = ANY($1::uuid[]) AND live RETURNING *', [ids], -1);
  if (placed.length > 0) await client.query('DELETE FROM ledger_splits WHERE transaction_id = ANY($1::uuid[])', [placed.map((p) => p.tx.id)]);
  const openings = placed.filter(({ tx }) => tx.kind === 'starting-balance' && tx.accountId !== null);
  if (openings.length > 0) {
    await client.query(
      `UPDATE ledger_accounts a SET opening_balance_cents = o.amount, starting_transaction_id = o.id
         FROM unnest($1::uuid[], $2::bigint[], $3::uuid[]) AS o(account_id, amount, id) WHERE a.id = o.account_id`,
      [openings.map((p) => p.tx.accountId), openings.map((p) => p.tx.amount), openings.map((p) => p.tx.id)],
    );
  }
  const touched: Touched = {
    accounts: applied.flatMap((e) => [before.get(e.data.transactionId)!.accountId, after.get(e.data.transactionId)!.tx.accountId].filter((a): a is string => a !== null)),
    categories: applied.flatMap((e) => {
      const id = e.data.transactionId;
      return categoriesOf(before.get(id)!, after.get(id)!.tx).map((categoryId) => ({ userId: e.metadata.userId, categoryId }));
    }),
  };
  await writeSplits(client, placed.map(({ userId, tx, facts }) => ({ userId, tx, live: visibleInCategories(tx, facts) })), touched);
  await writeTransactionLogs(client, applied.map((e) => logEntry(e, before.get(e.data.transactionId)!, after.get(e.data.transactionId)!.tx as LoadedTransaction)));
}
