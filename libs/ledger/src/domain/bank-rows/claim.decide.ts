import type { Cents } from '@budget/money';
import { followSplits } from '../splits.js';
import type { BankRowClaimed, Split, TransactionChanged, TransactionChanges } from '../transaction.events.js';
import type { TransactionState } from '../transaction.state.js';
import { bankRowName, type BankRow } from './bank-row.decide.js';
import { DUPLICATE_WINDOW_DAYS, type DuplicateProbe } from './duplicates.decide.js';

/**
 * A row the bank's row may claim: typed by the user on the linked account (manual, provider NONE,
 * not matched to any bank row yet), live, and not the original of a flagged row.
 */
export interface ClaimCandidate {
  transactionId: string;
  accountId: string;
  amount: Cents;
  date: string;
}

const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
const near = (probe: DuplicateProbe, c: ClaimCandidate) =>
  c.accountId.toLowerCase() === probe.accountId.toLowerCase() && c.amount === probe.amount && Math.abs(dayNumber(c.date) - dayNumber(probe.date)) <= DUPLICATE_WINDOW_DAYS;

/**
 * Which new bank rows claim a typed row (docs/architecture.md §8 "Bank rows claim typed rows"): same
 * account, same amount in cents, dated at most 3 days apart — and only when it is unambiguous: the
 * bank row has exactly one such typed row and that typed row is near no other new bank row of the
 * chunk, and no earlier row or chunk claimed it (`claimed`, which the claims made here join).
 * Anything ambiguous is left to the duplicate rule, which flags it for the duplicate dialog: never
 * guessed. Answers the claimed typed row by the bank row's transaction id.
 */
export function decideClaims(probes: readonly DuplicateProbe[], candidates: readonly ClaimCandidate[], claimed: Set<string>): Map<string, string> {
  const open = candidates.filter((c) => !claimed.has(c.transactionId));
  const claims = new Map<string, string>();
  for (const probe of probes) {
    const mine = open.filter((c) => near(probe, c));
    if (mine.length !== 1) continue;
    const typed = mine[0]!;
    if (probes.filter((p) => near(p, typed)).length !== 1) continue;
    claims.set(probe.transactionId, typed.transactionId);
    claimed.add(typed.transactionId);
  }
  return claims;
}

export interface ClaimDecision {
  /** Events for the bank row's own derived stream (appended expecting no stream). */
  bank: BankRowClaimed[];
  /** Events for the typed row's stream. */
  typed: TransactionChanged[];
}

/**
 * The bank row `row` becomes the typed row `typed`: the bank row's stream gets `BankRowClaimed`, so
 * it can never be recorded as a row of its own, and the typed row keeps its splits, name and memo
 * and takes the bank's transaction id and date — and, once the bank's row is posted, the provider
 * PLAID, which makes it cleared. `previous` is the bank id the typed row carried (a pending row it
 * matched, now posted under a new id), null on a first claim. An amount the bank changed follows the
 * typed row's split (`followSplits`). Nothing when the typed row is gone or belongs to another bank row.
 */
export function decideClaim(row: BankRow, bankTransactionId: string, typed: TransactionState, previous: string | null, unassignedCategoryId: string, ruled: readonly Split[] | null): ClaimDecision {
  const account = typed.account;
  if (!typed.exists || typed.deleted || !account || account.providerTransactionId !== previous) return { bank: [], typed: [] };
  const changes = bankChanges(row, typed, unassignedCategoryId, ruled);
  changes.providerTransactionId = { from: previous, to: row.providerTransactionId };
  const provider = row.pending ? account.provider : 'PLAID';
  if (provider !== account.provider) changes.provider = { from: account.provider, to: provider };
  return {
    bank: [{ type: 'BankRowClaimed', data: { transactionId: bankTransactionId, claimedBy: typed.transactionId } }],
    typed: [stripReview({ type: 'TransactionChanged', data: { transactionId: typed.transactionId, changes } })],
  };
}

/**
 * A later copy of a bank row that claimed a typed row (modified by the bank, or posted in place):
 * the typed row takes its date, amount (following its split) and, once posted, the provider PLAID.
 * Nothing when the typed row has moved on (another bank id) or is deleted.
 */
export function decideClaimedRow(row: BankRow, typed: TransactionState, unassignedCategoryId: string): TransactionChanged[] {
  const account = typed.account;
  if (!typed.exists || typed.deleted || !account || account.providerTransactionId !== row.providerTransactionId) return [];
  const changes = bankChanges(row, typed, unassignedCategoryId, null);
  if (!row.pending && account.provider !== 'PLAID') changes.provider = { from: account.provider, to: 'PLAID' };
  const event = stripReview({ type: 'TransactionChanged', data: { transactionId: typed.transactionId, changes } });
  return Object.keys(event.data.changes).length === 0 ? [] : [event];
}

/**
 * The bank withdrew the row a typed row had become (`removed`): the typed row stays as the user typed
 * it, uncleared again (provider NONE, no bank id); the log says why. Nothing when it has moved on.
 */
export function decideClaimedRemoval(providerTransactionId: string, typed: TransactionState): TransactionChanged[] {
  const account = typed.account;
  if (!typed.exists || typed.deleted || !account || account.providerTransactionId !== providerTransactionId) return [];
  const changes: TransactionChanges = { providerTransactionId: { from: providerTransactionId, to: null } };
  if (account.provider !== 'NONE') changes.provider = { from: account.provider, to: 'NONE' };
  return [{ type: 'TransactionChanged', data: { transactionId: typed.transactionId, changes } }];
}

type Changes = TransactionChanges & { review?: boolean };

function bankChanges(row: BankRow, typed: TransactionState, unassignedCategoryId: string, ruled: readonly Split[] | null): Changes {
  const account = typed.account!;
  const changes: Changes = {};
  if (row.date !== typed.date) changes.date = { from: typed.date, to: row.date };
  if (row.amount !== account.amount) {
    changes.amount = { from: account.amount, to: row.amount };
    const followed = followSplits(typed.splits, row.amount, unassignedCategoryId, { byRule: typed.ruleSplits, ruled });
    changes.splits = { from: typed.splits, to: followed.splits };
    if (followed.review) changes.review = true;
  }
  // The user's name stays; a typed row without one takes the bank's.
  if (account.name.trim() === '') changes.name = { from: account.name, to: bankRowName(row.name) };
  return changes;
}

/** Moves the internal `review` mark from the changes onto the event. */
function stripReview(event: TransactionChanged): TransactionChanged {
  const { review, ...changes } = event.data.changes as Changes;
  return { type: 'TransactionChanged', data: { ...event.data, changes, ...(review ? { review: true as const } : {}) } };
}
