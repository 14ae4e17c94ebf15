import type { TransactionContext } from '../domain/record-transaction.decide.js';
import type { SplitInput } from '../domain/splits.js';
import type { AccountRow, LedgerLookups, SystemCategories } from '../queries/ledger-lookups.js';

/** What the transaction deciders need to know: the caller's categories among the splits, Unassigned, the account's type. */
export async function transactionContext(
  lookups: LedgerLookups,
  userId: string,
  account: Pick<AccountRow, 'tracking' | 'type' | 'startDate'> | null | Promise<Pick<AccountRow, 'tracking' | 'type' | 'startDate'> | null>,
  splits: readonly SplitInput[],
): Promise<TransactionContext> {
  const ids = splits.map((s) => s.categoryId).filter((id): id is string => typeof id === 'string');
  // The account may still be on its way: the three lookups run at once.
  const [found, existing, system] = await Promise.all([account, lookups.existingCategories(userId, ids), lookups.systemCategories(userId)]);
  return {
    categoryExists: (id) => existing.has(id),
    unassignedCategoryId: system.unassigned,
    loanAccount: found?.type === 'loan',
    accountStartDate: found?.startDate ?? null,
  };
}

/** The same context from lookups already made (`LedgerLookups.entryContext`). */
export function contextOf(account: Pick<AccountRow, 'type' | 'startDate'>, existing: ReadonlySet<string>, system: SystemCategories): TransactionContext {
  return {
    categoryExists: (id) => existing.has(id),
    unassignedCategoryId: system.unassigned,
    loanAccount: account.type === 'loan',
    accountStartDate: account.startDate,
  };
}

/** The split lines of a checked body (`categories`, cents) as the deciders take them. */
export function splitsFrom(lines: readonly { categoryId?: string | null | undefined; amount: number; comment?: string | null | undefined }[]): SplitInput[] {
  return lines.map((line) => ({ categoryId: line.categoryId ?? null, amount: line.amount, comment: line.comment ?? null }));
}
