import type { PoolClient, StoredEvent } from '@budget/platform';
import type { AccountEvent, InstitutionEvent } from '../domain/account.events.js';
import { accountRegister, membershipsOf, pendingAccountRegister } from './membership.js';
import { replaceRows } from './registers.js';
import { addToMonths, loadAccountFacts, loadTransactions, refreshBalances } from './transaction-rows.js';

type Stored<E> = StoredEvent & E;

async function touchedCategories(client: PoolClient, accountId: string): Promise<string[]> {
  const { rows } = await client.query<{ category_id: string }>(
    'SELECT DISTINCT s.category_id FROM ledger_splits s JOIN ledger_transactions t ON t.id = s.transaction_id WHERE t.account_id = $1',
    [accountId],
  );
  return rows.map((r) => r.category_id);
}

/**
 * Removes an account and every effect of its transactions, set-based: its own registers go whole,
 * its rows leave the category registers (only the blocks they were in are recounted), its splits
 * leave the monthly sums, and the categories are re-totalled.
 */
async function deleteAccount(client: PoolClient, userId: string, accountId: string): Promise<void> {
  const categories = await touchedCategories(client, accountId);
  const own = [accountRegister(accountId), pendingAccountRegister(accountId)];
  await client.query('DELETE FROM ledger_register_rows WHERE register = ANY($1::text[])', [own]);
  await client.query('DELETE FROM ledger_register_blocks WHERE register = ANY($1::text[])', [own]);
  const { rows } = await client.query<{ id: string }>('SELECT id FROM ledger_transactions WHERE account_id = $1', [accountId]);
  const ids = rows.map((r) => r.id);
  await replaceRows(client, ids, [], ['c']);
  await addToMonths(client, 'UPDATE ledger_splits SET live = false WHERE transaction_id = ANY($1::uuid[]) AND live RETURNING *', [ids], -1);
  await client.query('DELETE FROM ledger_splits WHERE transaction_id = ANY($1::uuid[])', [ids]);
  await client.query('DELETE FROM ledger_transactions WHERE account_id = $1', [accountId]);
  await client.query('DELETE FROM ledger_statements WHERE account_id = $1', [accountId]);
  await client.query('DELETE FROM ledger_balance_history WHERE account_id = $1', [accountId]);
  await client.query('DELETE FROM ledger_import_results WHERE account_id = $1', [accountId]);
  await client.query('DELETE FROM ledger_accounts WHERE id = $1', [accountId]);
  await refreshBalances(client, userId, [], categories);
}

/**
 * The start date moved (rule 7). The account's balance stays what the bank says, so its opening
 * balance absorbs what the account register now counts more or less; the register's own rows stay
 * as they are (it counts from the start date when read, `ledger_uncounted_cents`). Only the
 * transactions dated between the old and the new start date come into or leave the categories:
 * those alone are placed again, set-based.
 */
async function moveStartDate(client: PoolClient, userId: string, accountId: string, startDate: string): Promise<void> {
  const { rows } = await client.query<{ old: string }>(
    `SELECT to_char(start_date, 'YYYY-MM-DD') AS old FROM ledger_accounts WHERE id = $1`,
    [accountId],
  );
  const account = rows[0];
  if (!account) return;
  const [from, to] = account.old < startDate ? [account.old, startDate] : [startDate, account.old];
  await client.query(
    `UPDATE ledger_accounts a
        SET start_date = $2,
            opening_balance_cents = CASE WHEN a.tracking = 'Balances' THEN a.opening_balance_cents
              ELSE a.opening_balance_cents + ledger_uncounted_cents('a:' || a.id, $2) - ledger_uncounted_cents('a:' || a.id, a.start_date) END
      WHERE id = $1`,
    [accountId, startDate],
  );
  await flipInCategories(client, userId, accountId, from, to, startDate < account.old);
}

/**
 * The account's transactions dated in [from, to) come into the categories (`into`, when the
 * account tracks transactions: `visibleInCategories`) or leave them (they were all in them):
 * their splits flip live in one statement chosen by account and dates, sent right behind the
 * read of the transactions, so that on a pipelined client PostgreSQL flips them while this process
 * places the category register rows. The transactions' ids are gathered first (an array), so the
 * splits are found through their key, never by scanning every user's splits. A start-date move
 * flips the transactions between the two dates, a tracking change all from the start date on.
 */
async function flipInCategories(client: PoolClient, userId: string, accountId: string, from: string, to: string, into: boolean): Promise<void> {
  const facts = await loadAccountFacts(client, accountId);
  const loading = loadTransactions(client, 'account_id = $1 AND date >= $2 AND date < $3 AND NOT deleted', [accountId, from, to]);
  const flipped = into
    ? addToMonths(
        client,
        `UPDATE ledger_splits SET live = true
          WHERE transaction_id = ANY(ARRAY(
                  SELECT t.id FROM ledger_transactions t JOIN ledger_accounts a ON a.id = t.account_id
                   WHERE a.id = $1 AND a.tracking = 'Transactions' AND t.date >= $2 AND t.date < $3 AND NOT t.deleted))
            AND NOT live
          RETURNING *`,
        [accountId, from, to],
        1,
      )
    : addToMonths(
        client,
        `UPDATE ledger_splits SET live = false
          WHERE transaction_id = ANY(ARRAY(SELECT id FROM ledger_transactions WHERE account_id = $1 AND date >= $2 AND date < $3)) AND live
          RETURNING *`,
        [accountId, from, to],
        -1,
      );
  flipped.catch(() => undefined);
  const moved = await loading;
  const categoryRows = into ? moved.flatMap((tx) => membershipsOf(tx, facts).filter((m) => m.register.startsWith('c')).map((m) => ({ ...m, userId, transactionId: tx.id }))) : [];
  await replaceRows(client, into ? [] : moved.map((tx) => tx.id), categoryRows, ['c']);
  await flipped;
  await refreshBalances(client, userId, [accountId], moved.flatMap((tx) => tx.splits.map((split) => split.categoryId)));
}

/**
 * The tracking changed (product-spec §3), re-derived set-based in one pass over the account's
 * transactions from its start date: coming to track Transactions they enter the categories (their
 * splits, Unassigned among them, and the starting balance in the Funding Pool), leaving it they
 * all leave. An account that stops tracking Balances keeps its balance: its opening balance
 * becomes that balance less what its register counts; one that starts tracking Balances takes its
 * newest history row (the write records the balance it had when none holds it).
 */
async function changeTracking(client: PoolClient, userId: string, accountId: string, from: string, to: string): Promise<void> {
  const { rows } = await client.query<{ start: string }>(
    `UPDATE ledger_accounts a
        SET tracking = $2,
            opening_balance_cents = CASE WHEN $3 = 'Balances' AND $2 <> 'Balances'
              THEN a.balance_cents - COALESCE((SELECT sum(k.sum_cents) FROM ledger_register_blocks k WHERE k.register = 'a:' || a.id), 0)
                   + ledger_uncounted_cents('a:' || a.id, a.start_date)
              ELSE a.opening_balance_cents END
      WHERE id = $1
      RETURNING to_char(start_date, 'YYYY-MM-DD') AS start`,
    [accountId, to, from],
  );
  const account = rows[0];
  if (!account) return;
  if (to === 'Balances') await balanceFromHistory(client, accountId);
  if ((from === 'Transactions') === (to === 'Transactions')) await refreshBalances(client, userId, [accountId], []);
  else await flipInCategories(client, userId, accountId, account.start, 'infinity', to === 'Transactions');
}

async function balanceFromHistory(client: PoolClient, accountId: string): Promise<void> {
  await client.query(
    `UPDATE ledger_accounts a SET balance_cents = COALESCE(
       (SELECT h.balance_cents FROM ledger_balance_history h WHERE h.account_id = a.id ORDER BY h.date DESC LIMIT 1), 0)
     WHERE a.id = $1 AND a.tracking = 'Balances'`,
    [accountId],
  );
}

export async function applyInstitutionEvent(client: PoolClient, event: Stored<InstitutionEvent>): Promise<void> {
  const userId = event.metadata.userId;
  const d = event.data;
  switch (event.type) {
    case 'InstitutionAdded':
      await client.query(
        `INSERT INTO ledger_institutions (user_id, id, name, plaid_institution_id, created_seq) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
        [userId, d.institutionId, event.data.name, event.data.plaidInstitutionId, event.position.toString()],
      );
      return;
    case 'InstitutionRenamed':
      await client.query('UPDATE ledger_institutions SET name = $2 WHERE id = $1', [d.institutionId, event.data.name]);
      return;
    case 'InstitutionDeleted': {
      const { rows } = await client.query<{ id: string }>('SELECT id FROM ledger_accounts WHERE institution_id = $1', [d.institutionId]);
      for (const { id } of rows) await deleteAccount(client, userId, id);
      await client.query('DELETE FROM ledger_institutions WHERE id = $1', [d.institutionId]);
      return;
    }
    default: {
      const unknown: never = event;
      throw new Error(`Unknown institution event ${(unknown as { type: string }).type}`);
    }
  }
}

export async function applyAccountEvent(client: PoolClient, event: Stored<AccountEvent>): Promise<void> {
  const userId = event.metadata.userId;
  const accountId = event.data.accountId;
  switch (event.type) {
    case 'AccountOpened': {
      const d = event.data;
      await client.query(
        `INSERT INTO ledger_accounts (user_id, id, institution_id, name, type, subtype, tracking, start_date, rate,
           opening_balance_cents, balance_cents, created_seq, plaid_account_id, plaid_balance_cents)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING`,
        [
          userId, accountId, d.institutionId, d.name, d.type, d.subtype, d.tracking, d.startDate, d.rate, d.balance, event.position.toString(),
          d.plaid?.accountId ?? null, d.plaid?.balance ?? null,
        ],
      );
      return;
    }
    case 'AccountRenamed':
      await client.query('UPDATE ledger_accounts SET name = $2 WHERE id = $1', [accountId, event.data.name]);
      return;
    case 'AccountPlaidBalanceChanged':
      // An Uncategorized Transactions account without a starting transaction takes Plaid's balance:
      // its opening balance moves by the difference (a Transactions account re-derives its starting
      // transaction instead; a Balances account keeps its history).
      await client.query(
        `UPDATE ledger_accounts
            SET plaid_balance_cents = $2,
                opening_balance_cents = CASE WHEN tracking = 'Uncategorized Transactions' AND starting_transaction_id IS NULL
                  THEN opening_balance_cents + ($2 - balance_cents) ELSE opening_balance_cents END,
                balance_cents = CASE WHEN tracking = 'Uncategorized Transactions' AND starting_transaction_id IS NULL THEN $2 ELSE balance_cents END
          WHERE id = $1`,
        [accountId, event.data.to],
      );
      return;
    case 'AccountClosed':
    case 'AccountReopened':
      await client.query('UPDATE ledger_accounts SET closed = $2 WHERE id = $1', [accountId, event.type === 'AccountClosed']);
      return;
    case 'AccountStartDateChanged':
      await moveStartDate(client, userId, accountId, event.data.to);
      return;
    case 'AccountTrackingChanged':
      await changeTracking(client, userId, accountId, event.data.from, event.data.to);
      return;
    case 'AccountDeleted':
      await deleteAccount(client, userId, accountId);
      return;
    case 'StatementCreated': {
      const d = event.data;
      await client.query(
        `INSERT INTO ledger_statements (user_id, id, account_id, start_date, end_date, starting_balance_cents, ending_balance_cents)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [userId, d.statementId, accountId, d.startDate, d.endDate, d.startingBalance, d.endingBalance],
      );
      return;
    }
    case 'StatementChanged': {
      const d = event.data;
      await client.query(
        `UPDATE ledger_statements SET start_date = COALESCE($2::date, start_date), end_date = COALESCE($3::date, end_date),
           starting_balance_cents = COALESCE($4::bigint, starting_balance_cents), ending_balance_cents = COALESCE($5::bigint, ending_balance_cents)
         WHERE id = $1`,
        [d.statementId, d.startDate ?? null, d.endDate ?? null, d.startingBalance ?? null, d.endingBalance ?? null],
      );
      return;
    }
    case 'StatementReconciled': {
      const d = event.data;
      await client.query('UPDATE ledger_transactions SET statement_id = $2 WHERE id = ANY($1::uuid[]) AND account_id = $3', [d.attached, d.statementId, accountId]);
      await client.query('UPDATE ledger_transactions SET statement_id = NULL WHERE id = ANY($1::uuid[]) AND statement_id = $2', [d.detached, d.statementId]);
      return;
    }
    case 'StatementFinished':
      await client.query('UPDATE ledger_statements SET finished_at = $2 WHERE id = $1', [event.data.statementId, event.metadata.recordedAt]);
      return;
    case 'StatementReopened':
      await client.query('UPDATE ledger_statements SET finished_at = NULL WHERE id = $1', [event.data.statementId]);
      return;
    case 'BalanceRecorded':
    case 'BalanceChanged': {
      const d = event.data;
      await client.query(
        `INSERT INTO ledger_balance_history (user_id, id, account_id, date, balance_cents) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET date = EXCLUDED.date, balance_cents = EXCLUDED.balance_cents`,
        [userId, d.balanceId, accountId, d.date, d.balance],
      );
      await balanceFromHistory(client, accountId);
      return;
    }
    case 'BalanceRemoved':
      await client.query('DELETE FROM ledger_balance_history WHERE id = $1', [event.data.balanceId]);
      await balanceFromHistory(client, accountId);
      return;
    case 'StatementFileImported': {
      const d = event.data;
      await client.query(
        `INSERT INTO ledger_import_results (user_id, id, account_id, format, added, updated, unchanged, file_ledger_balance_cents, balance_after_cents, seq)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
        [userId, event.id, accountId, d.format, d.added, d.updated, d.unchanged, d.fileLedgerBalance, d.balanceAfterImport, event.position.toString()],
      );
      return;
    }
    case 'AccountBankStartSet':
      // The starting transaction's own event moved the money; this only marks it set (no read model needs it).
      return;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown account event ${(unknown as { type: string }).type}`);
    }
  }
}
