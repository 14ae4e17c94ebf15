import type { PayeeView } from '@budget/contracts';
import type { Queryable } from '@budget/platform';

/**
 * The caller's payees whose name key contains `name` lower-cased (strpos: no pattern characters),
 * those starting with it first, then by uses, then by last use; the last category only while it
 * is still one of the user's categories.
 */
export async function listPayees(db: Queryable, userId: string, name: string, limit: number): Promise<PayeeView[]> {
  const { rows } = await db.query<{ name: string; uses: number; last_category_id: string | null; last_category_times: number }>(
    `SELECT p.name, p.uses, c.id AS last_category_id, CASE WHEN c.id IS NULL THEN 0 ELSE p.last_category_times END AS last_category_times
       FROM ledger_payees p
       LEFT JOIN budget_categories c ON c.user_id = p.user_id AND c.id = p.last_category_id
      WHERE p.user_id = $1 AND p.uses > 0 AND strpos(p.name_key, $2) > 0
      ORDER BY left(p.name_key, length($2)) = $2 DESC, p.uses DESC, p.last_position DESC, p.name_key
      LIMIT $3`,
    [userId, name.toLowerCase(), limit],
  );
  return rows.map((r) => ({ name: r.name, uses: r.uses, lastCategoryId: r.last_category_id, lastCategoryTimes: r.last_category_times }));
}
