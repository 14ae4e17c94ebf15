import type { Caller, EventWriter, WriteAppend } from '@budget/platform';
import { accountStream } from '../domain/account.events.js';
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
