import { categoryNames, type CategoryTree, type TransactionData } from '@budget/web';

/**
 * The detail column of a category or Unassigned register (issue 18 "an account column"): the
 * account a row belongs to; a row split over several categories adds them after it; a funding or
 * rebalance (no account) shows its categories.
 */
export function categoryRegisterDetail(transaction: TransactionData, tree: CategoryTree | undefined): string {
  const account = transaction.accountTransaction?.account?.name;
  if (!account) return categoryNames(transaction, tree);
  return (transaction.categories ?? []).length > 1 ? `${account} · ${categoryNames(transaction, tree)}` : account;
}
