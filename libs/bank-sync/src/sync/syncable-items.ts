import type { Queryable } from '@budget/platform';

/** Every item the daily sync asks for: linked and not waiting for the user to relink. */
export async function syncableItemIds(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ item_id: string }>(`SELECT item_id FROM bank_items WHERE status = 'ok' ORDER BY item_id`);
  return rows.map((r) => r.item_id);
}
