import { centsToDecimalString, type Cents } from '@budget/money';
import type { StatementChanged, StatementCreated, StatementFinished, StatementReconciled, StatementReopened } from './account.events.js';
import type { AccountState, StatementState } from './account.state.js';
import { isCalendarDate } from './dates.js';
import { RuleViolation, UnknownReference } from './domain-error.js';

export interface StatementFields {
  startDate?: string;
  endDate?: string;
  startingBalance?: Cents;
  endingBalance?: Cents;
}

/** The account's rows a statement could hold: posted, live, not a starting balance (rule 19). */
export interface ReconcilableRow {
  transactionId: string;
  date: string;
  statementId: string | null;
  amount: Cents;
}

function checkPeriod(state: AccountState, period: StatementState, ignoreId: string | null): void {
  if (!isCalendarDate(period.startDate)) throw new RuleViolation('startDate', 'The start date is not a valid date.', 'date');
  if (!isCalendarDate(period.endDate)) throw new RuleViolation('endDate', 'The end date is not a valid date.', 'date');
  if (period.startDate > period.endDate) throw new RuleViolation('endDate', 'The end date must not be before the start date.', 'range');
  for (const [id, other] of Object.entries(state.statements)) {
    if (id !== ignoreId && period.startDate <= other.endDate && other.startDate <= period.endDate) {
      throw new RuleViolation('startDate', 'The statement overlaps another statement of this account.', 'overlap');
    }
  }
}

const attachable = (rows: readonly ReconcilableRow[], period: StatementState) =>
  rows.filter((r) => r.statementId === null && r.date >= period.startDate && r.date <= period.endDate).map((r) => r.transactionId);

/**
 * Creates a statement, holding no rows yet: the user ticks the rows the bank's statement lists
 * and watches the difference close (README "Dates and statements"). Attaching every row of the period at
 * once (server-behaviour §4.3.1, era 2025-11-11+) left nothing to check; Reconcile All still does
 * it on request. The spec client's body is taken unchanged and `transactions` answers `[]`.
 */
export function decideCreateStatement(statementId: string, fields: Required<StatementFields>, state: AccountState): StatementCreated[] {
  if (!state.exists || state.deleted) throw new UnknownReference('Account');
  checkPeriod(state, fields, null);
  return [{ type: 'StatementCreated', data: { accountId: state.accountId, statementId, ...fields } }];
}

/** The code of a refused change to a finished statement or one of its rows (422). */
export const STATEMENT_LOCKED = 'statement-locked';

type StatementEvent = StatementChanged | StatementReconciled | StatementFinished | StatementReopened;

/**
 * PATCH /statements/{id}: `finished: false` reopens first; then reconcile All/None over the current
 * period and the field changes; then `finished: true` finishes it, refused unless its difference
 * (ending − starting − the rows it holds, integer cents) is zero (docs/architecture.md §9.7). A
 * finished statement takes no other change until it is reopened (`statement-locked`); finishing
 * it again is refused; reopening one that is not finished changes nothing.
 */
export function decideChangeStatement(
  statementId: string,
  fields: StatementFields & { reconcile?: 'All' | 'None'; finished?: boolean },
  state: AccountState,
  rows: readonly ReconcilableRow[],
): StatementEvent[] {
  const current = state.statements[statementId];
  if (!state.exists || state.deleted || !current) throw new UnknownReference('Statement');
  const accountId = state.accountId;
  const events: StatementEvent[] = [];
  const reopening = fields.finished === false && current.finished === true;
  if (reopening) events.push(reopened(accountId, statementId, current, 'user'));
  const locked = current.finished === true && !reopening;
  if (locked && fields.finished === true) throw new RuleViolation('finished', 'The statement is already finished.', 'already-finished');
  let held = rows;
  if (fields.reconcile === 'All') {
    const attached = attachable(rows, current);
    if (attached.length > 0) events.push({ type: 'StatementReconciled', data: { accountId, statementId, attached, detached: [] } });
    held = rows.map((r) => (attached.includes(r.transactionId) ? { ...r, statementId } : r));
  } else if (fields.reconcile === 'None') {
    const detached = rows.filter((r) => r.statementId === statementId).map((r) => r.transactionId);
    if (detached.length > 0) events.push({ type: 'StatementReconciled', data: { accountId, statementId, attached: [], detached } });
    held = rows.map((r) => (r.statementId === statementId ? { ...r, statementId: null } : r));
  }
  const { reconcile: _r, finished: _f, ...changes } = fields;
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as StatementFields;
  const next = { ...current, ...defined };
  if (Object.keys(defined).length > 0) {
    checkPeriod(state, next, statementId);
    events.push({ type: 'StatementChanged', data: { accountId, statementId, ...defined } });
  }
  if (locked && events.length > 0) throw lockedStatement();
  if (fields.finished === true) {
    const clearedTotal = held.filter((r) => r.statementId === statementId).reduce((sum, r) => sum + r.amount, 0);
    const difference = statementDifference(next, clearedTotal);
    if (difference !== 0) {
      throw new RuleViolation('finished', `The statement's difference is ${centsToDecimalString(difference)}, not zero: tick the rows the bank lists, or create an adjustment, before finishing it.`, 'difference');
    }
    const { startDate, endDate, endingBalance } = next;
    events.push({ type: 'StatementFinished', data: { accountId, statementId, startDate, endDate, endingBalance, clearedTotal } });
  }
  return events;
}

/** Ending − starting − the rows the statement holds, in cents: zero when it reconciles. */
export const statementDifference = (s: Pick<StatementState, 'startingBalance' | 'endingBalance'>, clearedTotal: Cents): Cents =>
  s.endingBalance - s.startingBalance - clearedTotal;

const lockedStatement = () =>
  new RuleViolation('statementId', 'The statement is finished: reopen it before changing it or the rows it holds.', STATEMENT_LOCKED);

function reopened(accountId: string, statementId: string, s: StatementState, cause: StatementReopened['data']['cause'], transactionId?: string): StatementReopened {
  return { type: 'StatementReopened', data: { accountId, statementId, startDate: s.startDate, endDate: s.endDate, cause, ...(transactionId && { transactionId }) } };
}

/** What a row change touches of the statements it is on or joins. */
export interface RowChange {
  transactionId: string;
  /** The statement the row is on now. */
  statementId: string | null;
  /** Deleted, or its amount, date, pending state or account changes: the statement's figures move. */
  moves: boolean;
  /** The tick changes: the row leaves `statementId` for this one (null: unticked). */
  ticksTo?: string | null;
  deleted?: boolean;
}

/**
 * A row of a finished statement is locked (docs/architecture.md §9.7): a change that moves the
 * statement's figures — amount, date, pending, account, the tick, a delete — is refused with
 * `statement-locked` unless the request confirms it (`?unlock=statement`); then each finished
 * statement it touches is reopened, naming the row, in the same write. Name, memo and categories
 * do not move a statement's figures and are never locked. Answers the reopen events (none: free).
 */
export function decideRowUnlock(change: RowChange, state: AccountState, confirmed: boolean): StatementReopened[] {
  const touched = new Set<string>();
  if (change.statementId && (change.moves || change.ticksTo !== undefined)) touched.add(change.statementId);
  if (change.ticksTo) touched.add(change.ticksTo);
  const finished = [...touched].filter((id) => state.statements[id]?.finished === true);
  if (finished.length === 0) return [];
  if (!confirmed) {
    throw new RuleViolation(
      'statementId',
      'This row is on a finished statement: changing it changes the statement. Confirm to reopen the statement and change the row.',
      STATEMENT_LOCKED,
    );
  }
  const cause = change.deleted ? 'row-deleted' : 'row-changed';
  return finished.map((id) => reopened(state.accountId, id, state.statements[id]!, cause, change.transactionId));
}

/**
 * The reconcile checkbox (product-spec §4 "Reconciliation toggle"): an unreconciled row joins the
 * statement, a row of this statement leaves it, a row of another statement stays where it is.
 */
export function toggledStatementId(rowStatementId: string | null, statementId: string): string | null {
  if (rowStatementId === null) return statementId;
  if (rowStatementId === statementId) return null;
  return rowStatementId;
}
