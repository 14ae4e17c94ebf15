import { monthStartAfter } from '@budget/money';

/**
 * Every category of $1 with its stored balance minus its splits dated after $2 (whole later months
 * from the monthly sums from $4 on, the rest of $2's month from the splits) and minus the splits of
 * transaction $3 dated up to $2 (the one being edited; null for none).
 */
export const CATEGORY_BALANCES_AS_OF_SQL = `SELECT c.id,
              COALESCE(b.balance_cents, 0)
              - COALESCE((SELECT sum(m.amount_cents) FROM ledger_category_months m
                           WHERE m.category_id = c.id AND m.month >= $4::date), 0)
              - COALESCE((SELECT sum(s.amount_cents) FROM ledger_splits s
                           WHERE s.category_id = c.id AND s.live AND s.date > $2::date AND s.date < $4::date), 0)
              - COALESCE((SELECT sum(s.amount_cents) FROM ledger_splits s
                           WHERE s.transaction_id = $3::uuid AND s.category_id = c.id AND s.live AND s.date <= $2::date), 0) AS balance
         FROM budget_categories c LEFT JOIN ledger_category_balances b ON b.category_id = c.id
        WHERE c.user_id = $1 ORDER BY c.position`;

export const categoryBalancesParams = (userId: string, date: string, transactionId: string | null) => [userId, date, transactionId, monthStartAfter(date, 1)];
