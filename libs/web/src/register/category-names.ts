import type { CategoryTree } from '../categories/category-tree.js';
import type { TransactionData } from './transaction-data.js';

/** The categories a transaction is split into, by their group path, e.g. "Food:Groceries, Fuel". */
export function categoryNames(transaction: TransactionData, tree: CategoryTree | null | undefined): string {
  const ids = [...new Set((transaction.categories ?? []).map((split) => split.categoryId))];
  if (ids.length === 0) return tree?.unassigned?.name ?? 'Unassigned';
  return ids.map((id) => tree?.categories.get(id)?.path ?? `#${id}`).join(', ');
}
