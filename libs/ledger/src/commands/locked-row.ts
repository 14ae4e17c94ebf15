import type { Caller, EventWriter, WriteAppend } from '@budget/platform';
import { accountStream, type AccountEvent } from '../domain/account.events.js';
import { evolveAccount } from '../domain/account.state.js';
import type { TransactionState } from '../domain/transaction.state.js';
import type { LedgerLookups } from '../queries/ledger-lookups.js';
import { decideRowUnlock, type RowChange } from '../domain/statement.decide.js';
import { loadAccountStream } from './account-stream.js';

/**
 * A write to a row of a finished statement (docs/architecture.md §9.7): nothing when the change
 * touches no finished statement; refused (`statement-locked`, 422) when it would move one's figures
 * unconfirmed; confirmed, the account-stream append that reopens it, naming the row, to go in the
 * same all-or-nothing write as the row's own events (at the account's loaded revision).
 */
export async function lockedRowUnlock(writer: EventWriter, caller: Caller, accountId: string | null, change: RowChange, confirmed: boolean): Promise<WriteAppend[]> {
  if (!accountId || (!change.statementId && !change.ticksTo)) return [];
  const { loaded, state } = await loadAccountStream(writer, caller, accountId);
  const events = decideRowUnlock(change, state, confirmed);
  return events.length === 0 ? [] : [{ stream: accountStream(accountId), events, expectedRevision: loaded.revision }];
}

/** A row as a bank feed or a file re-import found it, and as it leaves it. */
export interface ProviderRowChange {
  before: TransactionState;
  after: TransactionState;
}

const movesFigures = ({ before: a, after: b }: ProviderRowChange) =>
  a.exists && a.account !== null &&
  (b.deleted !== a.deleted || b.date !== a.date || b.account?.amount !== a.account.amount || b.account?.pending !== a.account.pending || b.account?.accountId !== a.account.accountId);

/**
 * A bank's change to rows of finished statements (a sync's new amount, date or pending state, a
 * removal, a file re-import's update) moves those statements' figures: the bank does not ask, so
 * each statement is reopened in the same write, naming the row (docs/architecture.md §9.7), never
 * left marked reconciled while its figures changed. Which statement holds a row is the read model's
 * (as for the user's edit); the reopens are decided on each account's stream, at its revision.
 */
export async function reopenForProviderChanges(writer: EventWriter, lookups: LedgerLookups, caller: Caller, changes: readonly ProviderRowChange[]): Promise<WriteAppend[]> {
  const moved = changes.filter(movesFigures);
  if (moved.length === 0) return [];
  const statements = await lookups.statementsOf(caller.userId, moved.map((c) => c.before.transactionId));
  const byAccount = new Map<string, RowChange[]>();
  for (const { before, after } of moved) {
    const { transactionId } = before;
    const statementId = statements.get(transactionId) ?? before.account?.statementId ?? null;
    if (!statementId) continue;
    const accountId = before.account!.accountId;
    byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), { transactionId, statementId, moves: true, deleted: after.deleted }]);
  }
  const appends: WriteAppend[] = [];
  for (const [accountId, rows] of byAccount) {
    const { loaded, state } = await loadAccountStream(writer, caller, accountId);
    const events: AccountEvent[] = [];
    let folded = state;
    for (const row of rows) {
      const reopen = decideRowUnlock(row, folded, true);
      events.push(...reopen);
      folded = reopen.reduce(evolveAccount, folded);
    }
    if (events.length > 0) appends.push({ stream: accountStream(accountId), events, expectedRevision: loaded.revision });
  }
  return appends;
}
