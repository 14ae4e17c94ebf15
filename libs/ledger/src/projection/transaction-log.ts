import { centsToDecimalString } from '@budget/money';
import type { PoolClient, StoredEvent } from '@budget/platform';
import type { AccountEvent, InstitutionEvent } from '../domain/account.events.js';
import type { AutoAssignmentNote, Split, TransactionEvent } from '../domain/transaction.events.js';
import type { LoadedTransaction } from './transaction-rows.js';
import { pairedText } from '../queries/transfer-candidates/transfer-pairs.projection.js';

/*
 * The log's wording (README "Every cent explained"). Every move of money is one line that starts
 * with who did it (You, Bank sync, OFX import, CSV import, Rule "name", The system), names the
 * transaction or account in quotes, gives each amount as a signed decimal of its cents ("-40.63";
 * the Logs page shows it as money) and names the categories it moved money to or from as a token
 * `{category:<id>}`, which the log's query reads as "Group:Category" (so a rename shows everywhere
 * and the line needs nothing from another context when it is written). An undo says "undid",
 * resolving a duplicate says so. Each line keeps the moment it was recorded (the time of day is
 * shown), the event's correlation id (the log groups one action's lines) and command id, and
 * `cause`: for a line that set a transaction's money, what set it (the explanation of a balance
 * classifies the transaction by its latest such line).
 */
const money = (cents: number | null) => (cents === null ? '—' : centsToDecimalString(cents));

/** The token a category is named by in a stored line (read back by `categoryNames`). */
export const categoryToken = (categoryId: string) => `{category:${categoryId}}`;
export const CATEGORY_TOKEN = /\{category:([^}]+)\}/g;

function actorLabel(actor: string): string {
  if (actor === 'user') return 'You';
  if (actor === 'ofx') return 'OFX import';
  if (actor === 'csv') return 'CSV import';
  if (actor === 'plaid') return 'Bank sync';
  if (actor.startsWith('rule:')) return 'Auto-assignment rule';
  return 'The system';
}

/** The categories a transaction's splits hold money in, by token; with amounts when there are several. */
function categoriesOf(splits: readonly Split[]): string {
  const sums = new Map<string, number>();
  for (const s of splits) if (s.amount !== 0) sums.set(s.categoryId, (sums.get(s.categoryId) ?? 0) + s.amount);
  const held = [...sums].filter(([, cents]) => cents !== 0);
  if (held.length === 0) return 'no category';
  if (held.length === 1) return categoryToken(held[0]![0]);
  return held.map(([id, cents]) => `${categoryToken(id)} ${money(cents)}`).join(', ');
}

/** A funding or rebalance: the categories money went to, and those it came from. */
function transferText(splits: readonly Split[]): string {
  const to = splits.filter((s) => s.amount > 0);
  const from = splits.filter((s) => s.amount < 0);
  const list = (lines: readonly Split[]) => lines.map((s) => `${categoryToken(s.categoryId)} ${money(Math.abs(s.amount))}`).join(', ');
  return `${to.length > 0 ? `to ${list(to)}` : ''}${to.length > 0 && from.length > 0 ? ' ' : ''}${from.length > 0 ? `from ${list(from)}` : ''}` || 'nothing';
}

function describe(event: StoredEvent & TransactionEvent, before: LoadedTransaction | null, after: LoadedTransaction): string {
  const who = actorLabel(event.metadata.actor);
  const label = after.name ? `"${after.name}"` : after.kind === 'funding' ? 'a category funding' : 'a category rebalance';
  switch (event.type) {
    case 'TransactionRecorded':
      if (after.kind === 'starting-balance') return `${who} recorded the starting balance of ${money(after.amount)}${after.splits.some((x) => x.amount !== 0) ? ` in ${categoriesOf(after.splits)}` : ''}`;
      if (event.data.bankAdjustment) return `${who} recorded a bank balance adjustment of ${money(after.amount)} on ${label} in the Funding Pool, so that the cleared balance matches the bank's`;
      if (event.data.review) return `${who} posted ${label} at ${money(after.amount)}; its hand-made split could not follow the bank's amount, so the difference went to Unassigned: review it`;
      if (event.data.autoAssignment) return autoAssigned(event.data.autoAssignment, label, money(after.amount), after.splits, event.data.account?.provider);
      if (after.kind === 'funding') return `${who} funded ${transferText(after.splits)}`;
      if (after.kind === 'rebalance') return `${who} rebalanced ${transferText(after.splits)}`;
      return `${who} added ${label} ${money(after.amount ?? sumOfSplits(after))} to ${categoriesOf(after.splits)}`;
    case 'TransactionDeleted':
      return `${who} deleted ${label} ${moved(before ?? after)}`;
    case 'TransactionRestored':
      return `${who} restored ${label} ${moved(after)}`;
    case 'TransactionDuplicateCleared':
      return `${who} resolved a duplicate: ${label} is not a duplicate and stays in the balance`;
    case 'TransactionReviewed':
      return `${who} marked ${label} ${event.data.reviewed ? 'reviewed' : 'as new'}`;
    case 'BankRowClaimed':
      return `${who} matched the bank's row to ${label}`;
    case 'TransactionChanged': {
      if (event.data.autoAssignment) return autoAssigned(event.data.autoAssignment, before?.name ? `"${before.name}"` : label, money(after.amount), after.splits, undefined);
      const c = event.data.changes;
      if (event.data.transferPair && c.splits) {
        return `${pairedText(who, event.data.transferPair, before?.name ? `"${before.name}"` : label, after.amount)}: moved it from ${categoriesOf(c.splits.from)} to ${categoriesOf(c.splits.to)}`;
      }
      if (event.metadata.actor.startsWith('rule:') && c.splits) {
        return `Undid the rule's assignment of ${before?.name ? `"${before.name}"` : label} ${money(after.amount)}: from ${categoriesOf(c.splits.from)} back to ${categoriesOf(c.splits.to)}`;
      }
      const parts: string[] = [];
      if (c.name) parts.push(`renamed "${c.name.from}" to "${c.name.to}"`);
      if (c.date) parts.push(`changed the date from ${c.date.from} to ${c.date.to}`);
      if (c.amount) parts.push(`changed the amount from ${money(c.amount.from)} to ${money(c.amount.to)}`);
      if (c.principle) parts.push(`changed the principle from ${money(c.principle.from)} to ${money(c.principle.to)}`);
      if (c.splits) parts.push(after.kind === 'funding' || after.kind === 'rebalance' ? `changed it ${transferText(c.splits.to)} (was ${transferText(c.splits.from)})` : `moved the money from ${categoriesOf(c.splits.from)} to ${categoriesOf(c.splits.to)}`);
      if (c.comment) parts.push('changed the comment');
      if (c.statementId) parts.push(c.statementId.to ? 'reconciled it with a statement' : 'removed it from its statement');
      if (c.pending) parts.push(c.pending.to ? 'marked it pending' : 'posted it');
      if (c.providerTransactionId) parts.push(bankMatchPart(c.providerTransactionId.from, c.providerTransactionId.to, c.provider?.to));
      return `${who} ${parts.join(', ')} on ${before?.name ? `"${before.name}"` : label}`;
    }
    default: {
      const unknown: never = event;
      return String((unknown as { type: string }).type);
    }
  }
}

/** The claim of a typed row by the bank's row (docs/architecture.md §8), in the log's words. */
function bankMatchPart(from: string | null, to: string | null, provider: string | undefined): string {
  if (to === null) return 'the bank withdrew the row it was matched to, so it is uncleared again';
  if (from === null) return provider === 'PLAID' ? "matched it to the bank's row (cleared; nothing counted twice)" : "matched it to the bank's pending row (uncleared until it posts)";
  return provider === 'PLAID' ? "took the bank's posted row (cleared)" : "took the bank's new row";
}

const SOURCES: Record<string, string> = { OFX: 'the OFX import', CSV: 'the CSV import', PLAID: 'the bank sync' };

/** `Rule "Groceries" (matched "grocer") assigned "CITY GROCER" -10.00 to {category:…} from the OFX import`. */
function autoAssigned(note: AutoAssignmentNote, label: string, amount: string, splits: readonly Split[], provider: string | undefined): string {
  const source = provider && SOURCES[provider] ? ` from ${SOURCES[provider]}` : '';
  return `Rule "${note.ruleName}" (matched "${note.searchString}") assigned ${label} ${amount} to ${categoriesOf(splits)}${source}`;
}

/** What a transaction holds, for a delete or restore: its amount and categories. */
function moved(tx: LoadedTransaction): string {
  if (tx.kind === 'funding' || tx.kind === 'rebalance') return transferText(tx.splits);
  return `${money(tx.amount ?? sumOfSplits(tx))} (${categoriesOf(tx.splits)})`;
}

/**
 * What set a transaction's money (its amount or splits) in this event, or null when the event
 * sets neither: the recording's actor, a rule (`rule:<id>`), `adjustment` (a bank-balance
 * adjustment), `transfer` (paired as a transfer between accounts), `undo` (a rule's undo), `plaid`
 * (the bank changed the row) or `correction` (a person or the system changed it afterwards).
 */
export function moneyCause(event: StoredEvent & TransactionEvent): string | null {
  const actor = event.metadata.actor;
  // A row recorded to make the account match its bank, and a row paired as a transfer between accounts.
  const marks = event.data as { bankAdjustment?: boolean; transferPair?: unknown };
  if (event.type === 'TransactionRecorded') {
    if (marks.bankAdjustment) return 'adjustment';
    return event.data.autoAssignment ? `rule:${event.data.autoAssignment.ruleId}` : actor;
  }
  if (event.type !== 'TransactionChanged') return null;
  const c = event.data.changes;
  if (!c.amount && !c.splits && !c.principle) return null;
  if (marks.transferPair) return 'transfer';
  if (event.data.autoAssignment) return `rule:${event.data.autoAssignment.ruleId}`;
  if (actor.startsWith('rule:')) return 'undo';
  if (actor === 'plaid') return 'plaid';
  return 'correction';
}

const sumOfSplits = (tx: LoadedTransaction) => tx.splits.filter((s) => s.amount > 0).reduce((a, s) => a + s.amount, 0);

export interface LogEntry {
  userId: string;
  id: string;
  seq: string;
  createdAt: string;
  /** Null for a line about an account or institution (`accountId` then names it). */
  transactionId: string | null;
  actor: string;
  message: string;
  changes: string;
  accountId: string | null;
  correlationId: string;
  causationId: string | null;
  cause: string | null;
}

/** The readable audit line of one transaction event (the transaction log screen). */
export function logEntry(event: StoredEvent & TransactionEvent, before: LoadedTransaction | null, after: LoadedTransaction): LogEntry {
  const changes = event.type === 'TransactionChanged' ? event.data.changes : {};
  return {
    userId: after.userId, id: event.id, seq: event.position.toString(), createdAt: event.metadata.recordedAt, transactionId: after.id,
    actor: event.metadata.actor, message: describe(event, before, after), changes: JSON.stringify(changes),
    accountId: after.accountId ?? before?.accountId ?? null, correlationId: event.metadata.correlationId, causationId: event.metadata.causationId,
    cause: moneyCause(event),
  };
}

/** The columns a log line is written with, as `LOG_VALUES` unnests them (record-batch.ts writes them in its own statement). */
export const LOG_COLUMNS = 'user_id, id, seq, created_at, transaction_id, actor, message, changes, account_id, correlation_id, causation_id, cause';
/** The unnest of `logParams`, its parameters numbered from `first`. */
export const LOG_VALUES = (first: number) =>
  `SELECT * FROM unnest(${['text', 'uuid', 'bigint', 'timestamptz', 'uuid', 'text', 'text', 'jsonb', 'uuid', 'text', 'text', 'text'].map((type, i) => `$${first + i}::${type}[]`).join(', ')})`;
export const logParams = (entries: readonly LogEntry[]) => {
  const col = <T>(f: (e: LogEntry) => T) => entries.map(f);
  return [
    col((e) => e.userId), col((e) => e.id), col((e) => e.seq), col((e) => e.createdAt), col((e) => e.transactionId), col((e) => e.actor),
    col((e) => e.message), col((e) => e.changes), col((e) => e.accountId), col((e) => e.correlationId), col((e) => e.causationId), col((e) => e.cause),
  ];
};

/** Writes log lines, any number in one statement; a line already written (a replay) is kept. */
export async function writeTransactionLogs(client: PoolClient, entries: readonly LogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await client.query(`INSERT INTO ledger_transaction_logs (${LOG_COLUMNS}) ${LOG_VALUES(1)} ON CONFLICT (id) DO NOTHING`, logParams(entries));
}

export async function writeTransactionLog(
  client: PoolClient,
  event: StoredEvent & TransactionEvent,
  before: LoadedTransaction | null,
  after: LoadedTransaction,
): Promise<void> {
  await writeTransactionLogs(client, [logEntry(event, before, after)]);
}

interface AccountSnapshot {
  name: string;
  tracking: string;
  start_date: string;
  opening_cents: string;
  balance_cents: string;
}

async function accountSnapshot(client: PoolClient, accountId: string): Promise<AccountSnapshot | null> {
  const { rows } = await client.query<AccountSnapshot>(
    `SELECT name, tracking, to_char(start_date, 'YYYY-MM-DD') AS start_date, opening_balance_cents::text AS opening_cents, balance_cents::text AS balance_cents
       FROM ledger_accounts WHERE id = $1`,
    [accountId],
  );
  return rows[0] ?? null;
}

/** How an account event moved the account's opening balance and balance, in the log's words ('' when neither moved). */
function balanceMoves(before: AccountSnapshot, after: AccountSnapshot): string {
  const parts: string[] = [];
  if (before.opening_cents !== after.opening_cents) parts.push(`the opening balance went from ${money(Number(before.opening_cents))} to ${money(Number(after.opening_cents))}`);
  if (before.balance_cents !== after.balance_cents) parts.push(`the balance went from ${money(Number(before.balance_cents))} to ${money(Number(after.balance_cents))}`);
  return parts.length === 0 ? '' : `: ${parts.join(', ')}`;
}

function describeAccountEvent(event: StoredEvent & AccountEvent, before: AccountSnapshot | null, after: AccountSnapshot | null, rowName: string | null): string | null {
  const who = actorLabel(event.metadata.actor);
  const name = `"${(after ?? before)?.name ?? 'an account'}"`;
  const moves = before && after ? balanceMoves(before, after) : '';
  switch (event.type) {
    case 'AccountOpened':
      return after ? `${who} opened ${name} with a balance of ${money(Number(after.balance_cents))} (${after.tracking})` : null;
    case 'AccountStartDateChanged': {
      const categories = after?.tracking === 'Transactions' ? '; the transactions between the two dates ' + (event.data.to < event.data.from ? 'entered' : 'left') + ' the categories' : '';
      return `${who} moved the start date of ${name} from ${event.data.from} to ${event.data.to}${moves}${categories}`;
    }
    case 'AccountTrackingChanged':
      return `${who} changed how ${name} is tracked from ${event.data.from} to ${event.data.to}${moves}`;
    case 'AccountPlaidBalanceChanged':
      // Only when it moved a balance of ours: an unchanged bank balance is no news.
      return moves === '' ? null : `${who} set the bank balance of ${name} to ${money(event.data.to)}${moves}`;
    case 'BalanceRecorded':
      return `${who} recorded a balance of ${money(event.data.balance)} on ${event.data.date} for ${name}${moves}`;
    case 'BalanceChanged':
      return `${who} changed a balance entry of ${name} to ${money(event.data.balance)} on ${event.data.date}${moves}`;
    case 'BalanceRemoved':
      return `${who} removed a balance entry of ${name}${moves}`;
    case 'AccountDeleted':
      return before ? `${who} deleted the account ${name} (balance ${money(Number(before.balance_cents))}) and its transactions` : null;
    case 'StatementFinished': {
      const d = event.data;
      return `${who} finished the statement of ${name} from ${d.startDate} to ${d.endDate} (ending balance ${money(d.endingBalance)}, its rows ${money(d.clearedTotal)}): its rows are locked`;
    }
    case 'StatementReopened': {
      const d = event.data;
      const statement = `statement of ${name} from ${d.startDate} to ${d.endDate}`;
      if (d.cause === 'user') return `${who} reopened the ${statement}`;
      const row = rowName ? `"${rowName}"` : 'a row';
      return `${who} ${d.cause === 'row-deleted' ? 'deleted' : 'changed'} ${row}, a row of the finished ${statement}, so the statement was reopened`;
    }
    case 'StatementFileImported': {
      const d = event.data;
      return `${d.format} import into ${name}: ${d.added} added, ${d.updated} updated, ${d.unchanged} unchanged; the balance is ${money(d.balanceAfterImport)}`;
    }
    default:
      return null;
  }
}

const accountLine = (event: StoredEvent, accountId: string | null, message: string): LogEntry => ({
  userId: event.metadata.userId, id: event.id, seq: event.position.toString(), createdAt: event.metadata.recordedAt, transactionId: null,
  actor: event.metadata.actor, message, changes: '{}', accountId, correlationId: event.metadata.correlationId,
  causationId: event.metadata.causationId, cause: null,
});

/** The row whose confirmed change reopened a statement, by name (its line names it). */
async function reopeningRowName(client: PoolClient, event: AccountEvent): Promise<string | null> {
  if (event.type !== 'StatementReopened' || !event.data.transactionId) return null;
  const { rows } = await client.query<{ name: string | null }>('SELECT name FROM ledger_transactions WHERE id = $1', [event.data.transactionId]);
  return rows[0]?.name ?? null;
}

/**
 * Applies an account event (`apply`) and writes its log line when it moved money or says what an
 * action did (opening, start date, tracking, balance entries, the bank balance, deletion, an
 * import's summary): the account as it was before and after tells the line what moved.
 */
export async function logAccountEvent(client: PoolClient, event: StoredEvent & AccountEvent, apply: () => Promise<void>): Promise<void> {
  const accountId = event.data.accountId;
  const before = await accountSnapshot(client, accountId);
  await apply();
  const after = event.type === 'AccountDeleted' ? null : await accountSnapshot(client, accountId);
  const message = describeAccountEvent(event, before, after, await reopeningRowName(client, event));
  if (message !== null) await writeTransactionLogs(client, [accountLine(event, accountId, message)]);
}

/** Applies an institution event; deleting one (its accounts with it) is logged. */
export async function logInstitutionEvent(client: PoolClient, event: StoredEvent & InstitutionEvent, apply: () => Promise<void>): Promise<void> {
  if (event.type !== 'InstitutionDeleted') return apply();
  const { rows } = await client.query<{ name: string }>('SELECT name FROM ledger_institutions WHERE id = $1', [event.data.institutionId]);
  await apply();
  if (rows[0]) await writeTransactionLogs(client, [accountLine(event, null, `${actorLabel(event.metadata.actor)} deleted the institution "${rows[0].name}" and its accounts`)]);
}
