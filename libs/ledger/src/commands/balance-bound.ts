import { balanceMoves, checkBalanceBound, type BalanceMoves, type KnownBalance, type TransactionChange } from '../domain/balance-bound.js';
import type { LedgerLookups } from '../queries/ledger-lookups.js';

type Known = { accounts: ReadonlyMap<string, KnownBalance>; categories: ReadonlyMap<string, KnownBalance>; turnover?: bigint };

/**
 * Refuses (422 on `field`, nothing appended) a write whose transactions would take an account or
 * a category past the product's largest balance; reads the balances it moves only when it moves any.
 * `prefetched` are balances the handler asked for while it was still looking up what to decide on
 * (`prefetchBalances`): when they hold every balance the write moves, the check costs no round trip
 * of its own; otherwise the missing ones are read.
 */
export async function ensureWithinBalanceBound(
  lookups: LedgerLookups,
  userId: string,
  field: string,
  changes: readonly TransactionChange[],
  prefetched?: Promise<Known>,
): Promise<void> {
  const moves = balanceMoves(changes);
  if (moves.accounts.size === 0 && moves.categories.size === 0 && moves.turnover <= 0n) return;
  const known = prefetched ? await prefetched : null;
  checkBalanceBound(field, moves, known && covers(known, moves) ? known : await lookups.knownBalances(userId, [...moves.accounts.keys()], [...moves.categories.keys()]));
}

/**
 * Starts reading the balances a write will most likely move — its account, the categories it
 * names, Unassigned and the Funding Pool — in parallel with the handler's other lookups. Never
 * rejects unhandled: a failure surfaces (or is ignored) where `ensureWithinBalanceBound` awaits it.
 */
export function prefetchBalances(lookups: LedgerLookups, userId: string, accountIds: readonly string[], categoryIds: readonly string[]): Promise<Known> {
  const read = lookups.knownBalances(userId, accountIds, categoryIds, true);
  read.catch(() => undefined);
  return read;
}

function covers(known: Known, moves: BalanceMoves): boolean {
  // A write that adds to the user's turnover needs it read (docs/architecture.md §5).
  if (moves.turnover > 0n && known.turnover === undefined) return false;
  for (const id of moves.accounts.keys()) if (!known.accounts.has(id)) return false;
  for (const id of moves.categories.keys()) if (!known.categories.has(id)) return false;
  return true;
}
