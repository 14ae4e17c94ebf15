import { formatCents, MAX_BALANCE_CENTS, MAX_TURNOVER_CENTS, withinBalanceBound, type Cents } from '@budget/money';
import { RuleViolation } from './domain-error.js';
import type { TransactionEvent } from './transaction.events.js';
import { evolveTransaction, type TransactionState } from './transaction.state.js';

/**
 * Sums are bounded, not only amounts: no write may take an account's or a category's balance
 * past MAX_BALANCE_CENTS (libs/money), so that every balance, and every sum the screens make of
 * them, stays an exact number of cents. The check runs before the append — in async projection the
 * projector, which must never stop, would only find out after the events are stored.
 */

/** How much a write moves each account and each category, and the user's turnover, in exact bigint cents. */
export interface BalanceMoves {
  accounts: Map<string, bigint>;
  categories: Map<string, bigint>;
  /** What the write adds to the user's turnover (Σ |amount| + |principle| + Σ |split| of the live rows; negative when it lowers it). */
  turnover: bigint;
}

/** One transaction stream of a write: its state before, and the events the write appends to it. */
export interface TransactionChange {
  before: TransactionState;
  events: readonly TransactionEvent[];
}

const add = (map: Map<string, bigint>, id: string, cents: bigint) => map.set(id, (map.get(id) ?? 0n) + cents);

/**
 * What a transaction adds to balances: its account the amount (a loan its principle), each
 * category its split. A deleted transaction adds nothing. Rows the balance does not count (before
 * the start date, pending) are counted anyway: the bound is far above any real balance, and
 * erring towards refusal keeps the check exact about what can never be stored.
 */
function addShare(moves: BalanceMoves, state: TransactionState, sign: 1n | -1n): void {
  if (!state.exists || state.deleted) return;
  if (state.account) add(moves.accounts, state.account.accountId, sign * BigInt(state.account.principle ?? state.account.amount));
  for (const split of state.splits) add(moves.categories, split.categoryId, sign * BigInt(split.amount));
}

const magnitude = (cents: number | null | undefined) => (cents ? (cents < 0 ? -BigInt(cents) : BigInt(cents)) : 0n);

/** A transaction's turnover: |amount| + |principle| + Σ |split| while it is live, else 0 (the read model's `ledger_transaction_turnover`). */
export function turnoverOf(state: TransactionState): bigint {
  if (!state.exists || state.deleted) return 0n;
  let sum = state.account ? magnitude(state.account.amount) + magnitude(state.account.principle) : 0n;
  for (const split of state.splits) sum += magnitude(split.amount);
  return sum;
}

export function balanceMoves(changes: readonly TransactionChange[]): BalanceMoves {
  const moves: BalanceMoves = { accounts: new Map(), categories: new Map(), turnover: 0n };
  for (const { before, events } of changes) {
    if (events.length === 0) continue;
    const after = events.reduce(evolveTransaction, before);
    addShare(moves, before, -1n);
    addShare(moves, after, 1n);
    moves.turnover += turnoverOf(after) - turnoverOf(before);
  }
  for (const map of [moves.accounts, moves.categories]) for (const [id, cents] of map) if (cents === 0n) map.delete(id);
  return moves;
}

/** A balance given outright (an opening balance, a balance-history row) must itself lie within the bound. */
export function refuseBalanceBeyondBound(field: string, balance: Cents): void {
  if (withinBalanceBound(balance)) return;
  throw new RuleViolation(field, `A balance must lie between -${formatCents(MAX_BALANCE_CENTS)} and ${formatCents(MAX_BALANCE_CENTS)}.`, 'balance-limit');
}

/** A balance as it stands, with the name the refusal uses. */
export interface KnownBalance {
  name: string;
  balance: Cents;
}

const abs = (v: bigint) => (v < 0n ? -v : v);

/**
 * Refuses (422 on `field`) a write that would take a balance past the bound. A balance already
 * beyond it (stored before the bound existed) may still move back towards zero.
 */
export function checkBalanceBound(
  field: string,
  moves: BalanceMoves,
  current: { accounts: ReadonlyMap<string, KnownBalance>; categories: ReadonlyMap<string, KnownBalance>; turnover?: bigint },
): void {
  // Every sum of the user's amounts stays exact (docs/architecture.md §5): a write that only lowers the turnover always passes.
  if (moves.turnover > 0n && (current.turnover ?? 0n) + moves.turnover > BigInt(MAX_TURNOVER_CENTS)) {
    throw new RuleViolation(
      field,
      `This would take the money your transactions move in all (${formatCents(MAX_TURNOVER_CENTS)} counted both ways) past what the product can add up exactly. Delete transactions you no longer need first. Nothing was saved.`,
      'balance-limit',
    );
  }
  const kinds = [
    ['account', moves.accounts, current.accounts],
    ['category', moves.categories, current.categories],
  ] as const;
  for (const [kind, moved, known] of kinds) {
    for (const [id, delta] of moved) {
      const now = BigInt(known.get(id)?.balance ?? 0);
      const after = now + delta;
      if (withinBalanceBound(after) || abs(after) <= abs(now)) continue;
      const name = known.get(id)?.name ?? id;
      throw new RuleViolation(
        field,
        `This would take the balance of the ${kind} "${name}" beyond ${formatCents(MAX_BALANCE_CENTS)} either way, the largest balance the product keeps. Nothing was saved.`,
        'balance-limit',
      );
    }
  }
}
