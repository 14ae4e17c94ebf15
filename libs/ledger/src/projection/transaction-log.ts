import { centsToDecimalString } from '@budget/money';
import type { PoolClient, StoredEvent } from '@budget/platform';
import type { AutoAssignmentNote, TransactionEvent } from '../domain/transaction.events.js';
import type { LoadedTransaction } from './transaction-rows.js';
import { pairedText } from '../queries/transfer-candidates/transfer-pairs.projection.js';

const money = (cents: number | null) => (cents === null ? '—' : centsToDecimalString(cents));

function actorLabel(actor: string): string {
  if (actor === 'user') return 'You';
  if (actor === 'ofx') return 'OFX import';
  if (actor === 'csv') return 'CSV import';
  if (actor === 'plaid') return 'Bank sync';
  if (actor.startsWith('rule:')) return 'Auto-assignment rule';
  return 'The system';
}

function describe(event: StoredEvent & TransactionEvent, before: LoadedTransaction | null, after: LoadedTransaction): string {
  const who = actorLabel(event.metadata.actor);
  const label = after.name ? `"${after.name}"` : after.kind === 'funding' ? 'a category funding' : 'a category rebalance';
  switch (event.type) {
    case 'TransactionRecorded':
      if (after.kind === 'starting-balance') return `${who} recorded the starting balance of ${money(after.amount)}`;
      if (event.data.autoAssignment) return autoAssigned(event.data.autoAssignment, label, money(after.amount), event.data.account?.provider);
      return `${who} added ${label} for ${money(after.amount ?? sumOfSplits(after))}`;
    case 'TransactionDeleted':
      return `${who} deleted ${label}`;
    case 'TransactionRestored':
      return `${who} restored ${label}`;
    case 'TransactionDuplicateCleared':
      return `${who} said ${label} is not a duplicate`;
    case 'TransactionChanged': {
      if (event.data.autoAssignment) return autoAssigned(event.data.autoAssignment, before?.name ? `"${before.name}"` : label, money(after.amount), undefined);
      const c = event.data.changes;
      if (event.data.transferPair) return `${pairedText(who, event.data.transferPair, before?.name ? `"${before.name}"` : label, after.amount)}: moved it into Account Transfer`;
      const parts: string[] = [];
      if (c.name) parts.push(`renamed "${c.name.from}" to "${c.name.to}"`);
      if (c.date) parts.push(`changed the date from ${c.date.from} to ${c.date.to}`);
      if (c.amount) parts.push(`changed the amount from ${money(c.amount.from)} to ${money(c.amount.to)}`);
      if (c.principle) parts.push(`changed the principle from ${money(c.principle.from)} to ${money(c.principle.to)}`);
      if (c.splits) parts.push('changed the categories');
      if (c.comment) parts.push('changed the comment');
      if (c.statementId) parts.push(c.statementId.to ? 'reconciled it with a statement' : 'removed it from its statement');
      if (c.pending) parts.push(c.pending.to ? 'marked it pending' : 'posted it');
      return `${who} ${parts.join(', ')} on ${before?.name ? `"${before.name}"` : label}`;
    }
    default: {
      const unknown: never = event;
      return String((unknown as { type: string }).type);
    }
  }
}

const SOURCES: Record<string, string> = { OFX: 'the OFX import', CSV: 'the CSV import', PLAID: 'the bank sync' };

/** `Rule "Groceries" (matched "grocer") assigned "CITY GROCER" for -10.00 from the OFX import`. */
function autoAssigned(note: AutoAssignmentNote, label: string, amount: string, provider: string | undefined): string {
  const source = provider && SOURCES[provider] ? ` from ${SOURCES[provider]}` : '';
  return `Rule "${note.ruleName}" (matched "${note.searchString}") assigned ${label} for ${amount}${source}`;
}

const sumOfSplits = (tx: LoadedTransaction) => tx.splits.filter((s) => s.amount > 0).reduce((a, s) => a + s.amount, 0);

export interface LogEntry {
  userId: string;
  id: string;
  seq: string;
  createdAt: string;
  transactionId: string;
  actor: string;
  message: string;
  changes: string;
}

/** The readable audit line of one transaction event (the transaction log screen). */
export function logEntry(event: StoredEvent & TransactionEvent, before: LoadedTransaction | null, after: LoadedTransaction): LogEntry {
  const changes = event.type === 'TransactionChanged' ? event.data.changes : {};
  return {
    userId: after.userId, id: event.id, seq: event.position.toString(), createdAt: event.metadata.recordedAt, transactionId: after.id,
    actor: event.metadata.actor, message: describe(event, before, after), changes: JSON.stringify(changes),
  };
}

/** Writes log lines, any number in one statement; a line already written (a replay) is kept. */
export async function writeTransactionLogs(client: PoolClient, entries: readonly LogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const col = <T>(f: (e: LogEntry) => T) => entries.map(f);
  await client.query(
    `INSERT INTO ledger_transaction_logs (user_id, id, seq, created_at, transaction_id, actor, message, changes)
     SELECT * FROM unnest($1::text[], $2::uuid[], $3::bigint[], $4::timestamptz[], $5::uuid[], $6::text[], $7::text[], $8::jsonb[])
     ON CONFLICT (id) DO NOTHING`,
    [col((e) => e.userId), col((e) => e.id), col((e) => e.seq), col((e) => e.createdAt), col((e) => e.transactionId), col((e) => e.actor), col((e) => e.message), col((e) => e.changes)],
  );
}

export async function writeTransactionLog(
  client: PoolClient,
  event: StoredEvent & TransactionEvent,
  before: LoadedTransaction | null,
  after: LoadedTransaction,
): Promise<void> {
  await writeTransactionLogs(client, [logEntry(event, before, after)]);
}
