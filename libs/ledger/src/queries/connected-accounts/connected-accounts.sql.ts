import type { LedgerAccountView, LedgerInstitutionView } from '@budget/contracts';
import { centsFromDb, dollarsFromCents } from '@budget/money';
import type { Pool, Queryable } from '@budget/platform';

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
  plaid_account_id: string | null;
  plaid_balance_cents: string | null;
}

const toAccountJson = (a: AccountDb): LedgerAccountView => ({
  id: a.id,
  plaidId: a.plaid_account_id,
  name: a.name,
  closed: a.closed,
  type: a.type,
  subtype: a.subtype,
  tracking: a.tracking,
  balance: dollarsFromCents(centsFromDb(a.balance_cents)),
  pendingBalance: dollarsFromCents(centsFromDb(a.pending_balance_cents)),
  plaidBalance: a.plaid_balance_cents === null ? null : dollarsFromCents(centsFromDb(a.plaid_balance_cents)),
  startDate: a.start_date,
  rate: a.rate === null ? null : a.rate / 1000,
});

const ACCOUNT_COLUMNS = `a.id, a.institution_id, a.name, a.closed, a.type, a.subtype, a.tracking, a.balance_cents,
  a.pending_balance_cents, to_char(a.start_date, 'YYYY-MM-DD') AS start_date, a.rate,
  a.plaid_account_id, a.plaid_balance_cents`;

interface InstitutionDb {
  id: string;
  name: string;
  plaid_institution_id: string | null;
  sync_date: string | null;
}

const INSTITUTION_COLUMNS = `id, name, plaid_institution_id, to_char(sync_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS sync_date`;

function withAccounts(institutions: InstitutionDb[], accounts: AccountDb[]): LedgerInstitutionView[] {
  return institutions.map((i) => ({
    id: i.id,
    plaidInstitutionId: i.plaid_institution_id,
    name: i.name,
    offline: i.plaid_institution_id === null,
    syncDate: i.sync_date,
    accounts: accounts.filter((a) => a.institution_id === i.id).map(toAccountJson),
  }));
}

/**
 * GET /connected-accounts: a page of the caller's institutions (by name, then id, so that pages
 * never overlap or skip), each with all its accounts sorted the same way.
 */
export async function connectedAccounts(pool: Pool, userId: string, offset: number, limit: number): Promise<LedgerInstitutionView[]> {
  const institutions = await pool.query<InstitutionDb>(
    `SELECT ${INSTITUTION_COLUMNS} FROM ledger_institutions WHERE user_id = $1 ORDER BY name, id OFFSET $2 LIMIT $3`,
    [userId, offset, limit],
  );
  if (institutions.rows.length === 0) return [];
  const accounts = await pool.query<AccountDb>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts a WHERE a.user_id = $1 AND a.institution_id = ANY($2::uuid[]) ORDER BY a.name, a.id`,
    [userId, institutions.rows.map((i) => i.id)],
  );
  return withAccounts(institutions.rows, accounts.rows);
}

/** One institution of the caller's with its accounts, or null. */
export async function findInstitution(db: Queryable, userId: string, institutionId: string): Promise<LedgerInstitutionView | null> {
  // Both at once: on a pipelined client (an append's, behind its COMMIT) one round trip.
  const [institutions, accounts] = await Promise.all([
    db.query<InstitutionDb>(`SELECT ${INSTITUTION_COLUMNS} FROM ledger_institutions WHERE user_id = $1 AND id = $2`, [userId, institutionId]),
    db.query<AccountDb>(
      `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts a WHERE a.user_id = $1 AND a.institution_id = $2 ORDER BY a.name, a.id`,
      [userId, institutionId],
    ),
  ]);
  return withAccounts(institutions.rows, accounts.rows)[0] ?? null;
}

/** One account of the caller's, or null. */
export async function findAccount(db: Queryable, userId: string, accountId: string): Promise<LedgerAccountView | null> {
  const { rows } = await db.query<AccountDb>(`SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts a WHERE a.user_id = $1 AND a.id = $2`, [userId, accountId]);
  return rows[0] ? toAccountJson(rows[0]) : null;
}
