import { balanceMoves, checkBalanceBound, type TransactionChange } from '../domain/balance-bound.js';
import type { LedgerLookups } from '../queries/ledger-lookups.js';

/**
 * Refuses (422 on `field`, nothing appended) a write whose transactions would take an account or
 * a category past the product's largest balance; reads the balances it moves only when it moves any.
 */
export async function ensureWithinBalanceBound(lookups: LedgerLookups, userId: string, field: string, changes: readonly TransactionChange[]): Promise<void> {
  const moves = balanceMoves(changes);
  if (moves.accounts.size === 0 && moves.categories.size === 0) return;
  checkBalanceBound(field, moves, await lookups.knownBalances(userId, [...moves.accounts.keys()], [...moves.categories.keys()]));
}
