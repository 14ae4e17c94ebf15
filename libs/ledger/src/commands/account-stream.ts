import type { Caller, EventWriter } from '@budget/platform';
import { accountStream, type AccountEvent } from '../domain/account.events.js';
import { foldAccount } from '../domain/account.state.js';

/** An account's stream (statements and balance history live on it), folded for the deciders. */
export async function loadAccountStream(writer: EventWriter, caller: Caller, accountId: string) {
  const loaded = await writer.load<AccountEvent>(accountStream(accountId), caller, 'Account');
  return { loaded, state: foldAccount(loaded.events) };
}

/** Appends decided account events at the loaded revision and waits for the read models. */
export async function appendToAccount(writer: EventWriter, caller: Caller, accountId: string, events: readonly AccountEvent[], revision: Parameters<EventWriter['append']>[2]) {
  await writer.settle(caller, await writer.append(accountStream(accountId), events, revision, caller));
}
