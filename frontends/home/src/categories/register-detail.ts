import { categoryNames, type CategoryTree, type TransactionData } from '@budget/web';

/**
 * The Category column of a category or Unassigned register (the account has a column of its own,
 * README "Registers' columns"): the categories of a row split over several of them, or of a funding
 * or rebalance (no account); empty for a row wholly in this register's category, which would only
 * repeat it.
 */
export function categoryRegisterDetail(transaction: TransactionData, tree: CategoryTree | undefined): string {
  const account = transaction.accountTransaction?.account?.name;
  if (!account) return categoryNames(transaction, tree);
  return (transaction.categories ?? []).length > 1 ? categoryNames(transaction, tree) : '';
}
