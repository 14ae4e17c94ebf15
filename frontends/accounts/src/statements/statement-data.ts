import { z } from 'zod';
import type { Cents } from '@budget/money';
import { formatDate, idSchema, readList, recordPath, wireCents, type Id } from '@budget/web';

const amount = z.union([z.number(), z.string()]);

const statementSchema = z.object({
  id: idSchema,
  startDate: z.string(),
  endDate: z.string(),
  startingBalance: amount,
  endingBalance: amount,
  credits: amount.nullish(),
  debits: amount.nullish(),
});

export type Statement = z.infer<typeof statementSchema>;

/** GET /api/v1/account/{id}/statements, sorted by end date, newest first. */
export function readStatements(body: unknown): Statement[] | null {
  return readList(statementSchema, body)?.sort((a, b) => b.endDate.localeCompare(a.endDate)) ?? null;
}

export const statementsPath = (accountId: Id) => `${recordPath('/api/v1/account', accountId)}/statements`;

/** What the reconciled rows leave unexplained: ending − (starting + credits + debits), in cents. */
export function statementDifference(statement: Statement): Cents {
  const cleared = wireCents(statement.startingBalance) + wireCents(statement.credits) + wireCents(statement.debits);
  return wireCents(statement.endingBalance) - cleared;
}

/** "01/01/25 – 01/31/25" */
export const statementLabel = (statement: Statement) => `${formatDate(statement.startDate)} – ${formatDate(statement.endDate)}`;
