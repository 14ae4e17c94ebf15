import { Inject, Injectable } from '@nestjs/common';
import { centsFromDb, dollarsFromCents } from '@budget/money';
import { NotFound, PG_POOL, type Pool } from '@budget/platform';
import { requireUuid } from './ledger-lookups.js';
import { TRANSACTION_JOINS, TRANSACTION_SELECT, toTransactionJson, type TransactionRowDb } from './transaction-view.js';

export interface PageRequest {
  offset: number;
  limit: number | null;
  search: string | null;
}

/**
 * Register pages. Without a search a page is the rank range [N − offset − limit + 1, N − offset]
 * of the register, read newest first through the (register, rank) index: the same cost at any
 * depth. A search filters by name and pages the matches.
 */
@Injectable()
export class RegistersQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async size(register: string): Promise<number> {
    const { rows } = await this.pool.query<{ rank: number }>('SELECT rank FROM ledger_register_rows WHERE register = $1 ORDER BY rank DESC LIMIT 1', [register]);
    return rows[0]?.rank ?? 0;
  }

  async page(register: string, page: PageRequest, runningBase: bigint | null) {
    if (page.search) return this.search(register, page, runningBase);
    const total = await this.size(register);
    const high = total - page.offset;
    const low = page.limit === null ? 1 : Math.max(1, high - page.limit + 1);
    const { rows } = await this.pool.query<TransactionRowDb>(
      `SELECT ${TRANSACTION_SELECT}, r.running_cents FROM ledger_register_rows r
         JOIN ledger_transactions t ON t.id = r.transaction_id ${TRANSACTION_JOINS}
        WHERE r.register = $1 AND r.rank BETWEEN $2 AND $3 ORDER BY r.rank DESC`,
      [register, low, high],
    );
    return { transactions: rows.map((row) => toTransactionJson(row, runningBase)), count: total };
  }

  private async search(register: string, page: PageRequest, runningBase: bigint | null) {
    const pattern = `%${page.search!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await this.pool.query<TransactionRowDb & { total: string }>(
      `SELECT ${TRANSACTION_SELECT}, r.running_cents, count(*) OVER () AS total FROM ledger_register_rows r
         JOIN ledger_transactions t ON t.id = r.transaction_id ${TRANSACTION_JOINS}
        WHERE r.register = $1 AND t.name ILIKE $2 ORDER BY r.rank DESC OFFSET $3 LIMIT $4`,
      [register, pattern, page.offset, page.limit],
    );
    return { transactions: rows.map((row) => toTransactionJson(row, runningBase)), count: Number(rows[0]?.total ?? 0) };
  }

  /** GET /account/{id}/transactions: posted rows, or pending ones with `pending=1`. */
  async accountRegister(userId: string, accountId: string, pending: boolean, page: PageRequest) {
    requireUuid(accountId, 'Account');
    const { rows } = await this.pool.query<{ balance_cents: string; opening_balance_cents: string; pending_balance_cents: string }>(
      'SELECT balance_cents, opening_balance_cents, pending_balance_cents FROM ledger_accounts WHERE id = $2 AND user_id = $1',
      [userId, accountId],
    );
    const account = rows[0];
    if (!account) throw new NotFound('Account not found');
    const register = `${pending ? 'ap' : 'a'}:${accountId}`;
    const { transactions, count } = await this.page(register, page, pending ? 0n : BigInt(account.opening_balance_cents));
    return {
      transactions,
      balance: dollarsFromCents(centsFromDb(account.balance_cents)),
      pendingBalance: dollarsFromCents(centsFromDb(account.pending_balance_cents)),
      transactionsCount: count,
    };
  }

  /** GET /category/{id}/transactions: `pending=1` the pending rows, otherwise the rest. */
  async categoryRegister(userId: string, categoryId: string, pending: boolean, page: PageRequest) {
    const { rows } = await this.pool.query<{ balance: string | null }>(
      `SELECT b.balance_cents AS balance FROM budget_categories c LEFT JOIN ledger_category_balances b ON b.category_id = c.id
        WHERE c.user_id = $1 AND c.id = $2`,
      [userId, categoryId],
    );
    if (!rows[0]) throw new NotFound('Category not found');
    const { transactions } = await this.page(`${pending ? 'cp' : 'c'}:${categoryId}`, page, 0n);
    const count = (await this.size(`c:${categoryId}`)) + (await this.size(`cp:${categoryId}`));
    return { transactions, transactionsCount: count, balance: dollarsFromCents(centsFromDb(rows[0].balance ?? 0)) };
  }
}
