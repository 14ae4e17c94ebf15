import type { Cents } from '@budget/money';
import { listStatements, type LedgerStatementView, type RouteResponse } from '@budget/contracts';
import { formatDate, useEveryPage, wireCents, type Id, type RegisterRow } from '@budget/web';

/** A statement as GET /account/{id}/statements answers it (`@budget/contracts`). */
export type Statement = LedgerStatementView;

/** Newest end date first. */
export const newestFirst = (statements: RouteResponse<typeof listStatements>): Statement[] => [...statements].sort((a, b) => b.endDate.localeCompare(a.endDate));

/** GET /account/{id}/statements, every page (the list and the reconcile choice offer them all), newest end date first. */
export function useStatements(accountId: Id) {
  return useEveryPage(listStatements, { params: { id: accountId } }, { select: newestFirst });
}

/** What the reconciled rows leave unexplained: ending − (starting + credits + debits), in cents. */
export function statementDifference(statement: Statement): Cents {
  const cleared = wireCents(statement.startingBalance) + wireCents(statement.credits) + wireCents(statement.debits);
  return wireCents(statement.endingBalance) - cleared;
}

/**
 * What the ticks still on their way to the server change in the statement's ticked sum: a row
 * joining the statement adds its amount, a row leaving it takes it away. The difference shown is
 * `statementDifference − tickedChange`, so it moves the moment a box is ticked (docs/architecture.md
 * §9.7), before the PATCH answers and the statement is read again.
 */
export function tickedChange(statementId: Id, overrides: ReadonlyMap<Id, Id | null>, rows: readonly Pick<RegisterRow, 'id' | 'amount' | 'transaction'>[]): Cents {
  let change = 0;
  for (const row of rows) {
    if (!overrides.has(row.id)) continue;
    const before = row.transaction.accountTransaction?.statementId ?? null;
    const after = overrides.get(row.id) ?? null;
    if (before !== statementId && after === statementId) change += row.amount;
    else if (before === statementId && after !== statementId) change -= row.amount;
  }
  return change;
}

/** "01/01/2025 – 01/31/2025" (in the user's date format) */
export const statementLabel = (statement: Statement) => `${formatDate(statement.startDate)} – ${formatDate(statement.endDate)}`;
