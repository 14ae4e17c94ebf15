import type { Pool } from '@budget/platform';
import { TABLES } from './tables.js';

/** The category the benchmark reads deep into: it gets its own share of splits. */
export const BIG_CATEGORY = 'Groceries';
/** The accounts' start date; generated transactions span the two years after it. */
export const START_DATE = '2023-01-01';
/** The offline accounts a bench user opens, all tracking Transactions; the first is the big one. */
export const BENCH_ACCOUNTS = [
  { name: 'Everyday Checking', balance: 2_500, type: 'depository', subtype: 'checking' },
  { name: 'Savings', balance: 10_000, type: 'depository', subtype: 'savings' },
  { name: 'Visa', balance: -300, type: 'credit', subtype: 'credit card' },
  { name: 'Cash', balance: 120, type: 'depository', subtype: 'cash management' },
] as const;

const REGULAR_CATEGORIES = `SELECT id, name FROM ${TABLES.budgetCategories} WHERE user_id = $1 AND type = $2 ORDER BY position, id`;

/** The user's regular (non-system) category ids, the big one first. */
export async function regularCategoryIds(pool: Pool, userId: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string; name: string }>(REGULAR_CATEGORIES, [userId, 'REGULAR']);
  const big = rows.find((r) => r.name === BIG_CATEGORY);
  if (!big) throw new Error(`user ${userId} has no ${BIG_CATEGORY} category`);
  return [big.id, ...rows.filter((r) => r !== big).map((r) => r.id)];
}
