import type { Caller, EventWriter, Loaded } from '@budget/platform';
import { transactionStream, type TransactionEvent } from '../../domain/transaction.events.js';

/** How many row streams are read at once: the pool's clients take them together, not one after another. */
export const ROW_LOADS_AT_ONCE = 64;

/**
 * The streams of the rows an application's ledger step decides on, loaded in sets of
 * `ROW_LOADS_AT_ONCE` concurrent reads (the event-store port reads one stream per call), in
 * order; each as `EventWriter.load` gives it (the caller's own, cut for a keyed retry).
 */
export async function loadRows(writer: EventWriter, caller: Caller, transactionIds: readonly string[]): Promise<Map<string, Loaded<TransactionEvent>>> {
  const loaded = new Map<string, Loaded<TransactionEvent>>();
  const ids = [...new Set(transactionIds)];
  for (let at = 0; at < ids.length; at += ROW_LOADS_AT_ONCE) {
    const set = ids.slice(at, at + ROW_LOADS_AT_ONCE);
    const streams = await Promise.all(set.map((id) => writer.load<TransactionEvent>(transactionStream(id), caller, 'Transaction', false)));
    set.forEach((id, i) => loaded.set(id, streams[i]!));
  }
  return loaded;
}
