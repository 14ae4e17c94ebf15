import type { Cents } from '@budget/money';
import type { StatementChanged, StatementCreated, StatementReconciled } from './account.events.js';
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
 * and watches the difference close (issue 18 "Statements"). Attaching every row of the period at
 * once (server-behaviour §4.3.1, era 2025-11-11+) left nothing to check; Reconcile All still does
 * it on request. The spec client's body is taken unchanged and `transactions` answers `[]`.
 */
export function decideCreateStatement(statementId: string, fields: Required<StatementFields>, state: AccountState): StatementCreated[] {
  if (!state.exists || state.deleted) throw new UnknownReference('Account');
  checkPeriod(state, fields, null);
  return [{ type: 'StatementCreated', data: { accountId: state.accountId, statementId, ...fields } }];
}

/** PATCH /statements/{id}: reconcile All/None over the current period, then the field changes. */
export function decideChangeStatement(
  statementId: string,
  fields: StatementFields & { reconcile?: 'All' | 'None' },
  state: AccountState,
  rows: readonly ReconcilableRow[],
): (StatementChanged | StatementReconciled)[] {
  const current = state.statements[statementId];
  if (!state.exists || state.deleted || !current) throw new UnknownReference('Statement');
  const accountId = state.accountId;
  const events: (StatementChanged | StatementReconciled)[] = [];
  if (fields.reconcile === 'All') {
    const attached = attachable(rows, current);
    if (attached.length > 0) events.push({ type: 'StatementReconciled', data: { accountId, statementId, attached, detached: [] } });
  } else if (fields.reconcile === 'None') {
    const detached = rows.filter((r) => r.statementId === statementId).map((r) => r.transactionId);
    if (detached.length > 0) events.push({ type: 'StatementReconciled', data: { accountId, statementId, attached: [], detached } });
  }
  const { reconcile: _r, ...changes } = fields;
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as StatementFields;
  if (Object.keys(defined).length > 0) {
    checkPeriod(state, { ...current, ...defined }, statementId);
    events.push({ type: 'StatementChanged', data: { accountId, statementId, ...defined } });
  }
  return events;
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
