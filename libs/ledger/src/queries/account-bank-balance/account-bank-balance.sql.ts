import { centsFromDb, dollarsFromCents, type Cents } from '@budget/money';
import { NotFound, type Queryable } from '@budget/platform';

export interface BankBalanceCents {
  linked: boolean;
  tracking: string;
  startDate: string;
  cleared: Cents;
  uncleared: Cents;
  working: Cents;
  plaidBalance: Cents | null;
  difference: Cents | null;
}

/**
 * A linked account's balances beside the bank's (docs/architecture.md §8), from the ledger's read
 * model: uncleared = the live, posted typed rows counted in the balance (manual, provider NONE,
 * dated on or after the start date; principle on loans) that no posted bank row has claimed; working
 * = the account's balance; cleared = working − uncleared; difference = Plaid's balance − cleared.
 * An account that is not linked has no uncleared rows and no difference. Another user's: 404.
 */
export async function bankBalanceCents(db: Queryable, userId: string, accountId: string): Promise<BankBalanceCents> {
  const { rows } = await db.query<{ balance_cents: string; plaid_balance_cents: string | null; linked: boolean; tracking: string; start_date: string; uncleared: string }>(
    `SELECT a.balance_cents, a.plaid_balance_cents, a.plaid_account_id IS NOT NULL AS linked, a.tracking, to_char(a.start_date, 'YYYY-MM-DD') AS start_date,
            CASE WHEN a.plaid_account_id IS NULL OR a.tracking = 'Balances' THEN 0 ELSE COALESCE((
              SELECT sum(CASE WHEN a.type = 'loan' THEN COALESCE(t.principle_cents, t.amount_cents) ELSE t.amount_cents END)
                FROM ledger_transactions t
               WHERE t.account_id = a.id AND NOT t.deleted AND NOT t.pending AND t.kind = 'manual' AND t.provider = 'NONE' AND t.date >= a.start_date), 0) END AS uncleared
       FROM ledger_accounts a WHERE a.id = $2::uuid AND a.user_id = $1`,
    [userId, accountId],
  );
  const row = rows[0];
  if (!row) throw new NotFound('Account not found');
  const working = centsFromDb(row.balance_cents);
  const uncleared = centsFromDb(row.uncleared);
  const cleared = working - uncleared;
  const plaidBalance = row.plaid_balance_cents === null ? null : centsFromDb(row.plaid_balance_cents);
  return {
    linked: row.linked, tracking: row.tracking, startDate: row.start_date, cleared, uncleared, working, plaidBalance,
    difference: row.linked && plaidBalance !== null ? plaidBalance - cleared : null,
  };
}

/** The answer's shape: dollars on the wire. */
export function bankBalanceView(b: BankBalanceCents) {
  return {
    linked: b.linked,
    cleared: dollarsFromCents(b.cleared),
    uncleared: dollarsFromCents(b.uncleared),
    working: dollarsFromCents(b.working),
    plaidBalance: b.plaidBalance === null ? null : dollarsFromCents(b.plaidBalance),
    difference: b.difference === null ? null : dollarsFromCents(b.difference),
  };
}
