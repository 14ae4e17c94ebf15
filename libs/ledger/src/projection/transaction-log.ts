import { centsToDecimalString } from '@budget/money';
import type { PoolClient, StoredEvent } from '@budget/platform';
import type { TransactionEvent } from '../domain/transaction.events.js';
import type { LoadedTransaction } from './transaction-rows.js';

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
      return `${who} added ${label} for ${money(after.amount ?? sumOfSplits(after))}`;
    case 'TransactionDeleted':
      return `${who} deleted ${label}`;
    case 'TransactionRestored':
      return `${who} restored ${label}`;
    case 'TransactionChanged': {
      const c = event.data.changes;
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

const sumOfSplits = (tx: LoadedTransaction) => tx.splits.filter((s) => s.amount > 0).reduce((a, s) => a + s.amount, 0);

/** One readable audit line per transaction event (the transaction log screen). */
export async function writeTransactionLog(
  client: PoolClient,
  event: StoredEvent & TransactionEvent,
  before: LoadedTransaction | null,
  after: LoadedTransaction,
): Promise<void> {
  const changes = event.type === 'TransactionChanged' ? event.data.changes : {};
  await client.query(
    `INSERT INTO ledger_transaction_logs (user_id, id, seq, created_at, transaction_id, actor, message, changes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
    [after.userId, event.id, event.position.toString(), event.metadata.recordedAt, after.id, event.metadata.actor, describe(event, before, after), JSON.stringify(changes)],
  );
}
