import type { Cents } from '@budget/money';
import { listStatements, type LedgerStatementView, type RouteResponse } from '@budget/contracts';
import { formatDate, useEveryPage, wireCents, type Id } from '@budget/web';

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

/** "01/01/2025 – 01/31/2025" (in the user's date format) */
export const statementLabel = (statement: Statement) => `${formatDate(statement.startDate)} – ${formatDate(statement.endDate)}`;
