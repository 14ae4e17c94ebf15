import { Inject, Injectable } from '@nestjs/common';
import { centsFromDb, dollarsFromCents } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';
import { requireUuid } from './ledger-lookups.js';

interface AccountDb {
  id: string;
  institution_id: string;
  name: string;
  closed: boolean;
  type: string;
  subtype: string;
  tracking: string;
  balance_cents: string;
  pending_balance_cents: string;
  start_date: string;
  rate: number | null;
}

const toAccountJson = (a: AccountDb) => ({
  id: a.id,
  plaidId: null,
  name: a.name,
  closed: a.closed,
  type: a.type,
  subtype: a.subtype,
  tracking: a.tracking,
  balance: dollarsFromCents(centsFromDb(a.balance_cents)),
  pendingBalance: dollarsFromCents(centsFromDb(a.pending_balance_cents)),
  plaidBalance: null,
  startDate: a.start_date,
  rate: a.rate === null ? null : a.rate / 1000,
});

const ACCOUNT_COLUMNS = `a.id, a.institution_id, a.name, a.closed, a.type, a.subtype, a.tracking, a.balance_cents,
  a.pending_balance_cents, to_char(a.start_date, 'YYYY-MM-DD') AS start_date, a.rate`;

/** Institutions with their accounts (GET /connected-accounts), sorted by name then id. */
@Injectable()
export class AccountsQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async connectedAccounts(userId: string) {
    const institutions = await this.pool.query<{ id: string; name: string; plaid_institution_id: string | null; sync_date: string | null }>(
      'SELECT id, name, plaid_institution_id, sync_date FROM ledger_institutions WHERE user_id = $1 ORDER BY name, id',
      [userId],
    );
    const accounts = await this.pool.query<AccountDb>(`SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts a WHERE a.user_id = $1 ORDER BY a.name, a.id`, [userId]);
    return institutions.rows.map((i) => ({
      id: i.id,
      plaidInstitutionId: i.plaid_institution_id,
      name: i.name,
      offline: i.plaid_institution_id === null,
      syncDate: i.sync_date,
      accounts: accounts.rows.filter((a) => a.institution_id === i.id).map(toAccountJson),
    }));
  }

  async institution(userId: string, institutionId: string) {
    requireUuid(institutionId, 'Institution');
    const all = await this.connectedAccounts(userId);
    return all.find((i) => i.id === institutionId) ?? null;
  }

  async account(userId: string, accountId: string) {
    requireUuid(accountId, 'Account');
    const { rows } = await this.pool.query<AccountDb>(`SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts a WHERE a.user_id = $1 AND a.id = $2`, [userId, accountId]);
    return rows[0] ? toAccountJson(rows[0]) : null;
  }
}
