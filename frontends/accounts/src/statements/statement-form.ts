import { dollarsFromCents, type Cents } from '@budget/money';
import { toIsoDate, wireCents } from '@budget/web';
import type { Statement } from './statement-data.js';

export interface StatementForm {
  startDate: string;
  endDate: string;
  startingBalance: Cents;
  endingBalance: Cents;
}

export type StatementErrors = Partial<Record<keyof StatementForm, string>>;

const dayAfter = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return toIsoDate(new Date(y!, m! - 1, d! + 1));
};

/**
 * A new statement follows the newest one: it starts the day after it ended, with its ending
 * balance as the starting balance. The first one covers this month so far.
 */
export function initialStatement(newest: Statement | undefined, today: Date): StatementForm {
  const end = toIsoDate(today);
  if (!newest) return { startDate: toIsoDate(new Date(today.getFullYear(), today.getMonth(), 1)), endDate: end, startingBalance: 0, endingBalance: 0 };
  const start = dayAfter(newest.endDate);
  return { startDate: start, endDate: start > end ? start : end, startingBalance: wireCents(newest.endingBalance), endingBalance: wireCents(newest.endingBalance) };
}

/**
 * The first statement's Starting Balance (docs/architecture.md §9.7): the account's balance at the
 * end of the day before the period, which is the opening of the account's balance walk on the
 * start date (GET /account/{id}/explain?from=). It fills the field only while the user has not
 * typed into it, and only for the account's first statement (a later one follows the newest).
 */
export function withOpeningBalance(form: StatementForm, opening: { from: string; cents: Cents } | undefined, typed: boolean): StatementForm {
  if (typed || !opening || opening.from !== form.startDate || form.startingBalance === opening.cents) return form;
  return { ...form, startingBalance: opening.cents };
}

export function validateStatement(form: StatementForm): StatementErrors {
  const errors: StatementErrors = {};
  if (form.startDate === '') errors.startDate = 'A start date must be specified.';
  if (form.endDate === '') errors.endDate = 'An end date must be specified.';
  else if (form.startDate !== '' && form.endDate < form.startDate) errors.endDate = 'The end date must not be before the start date.';
  return errors;
}

export function statementBody(form: StatementForm) {
  return {
    startDate: form.startDate,
    endDate: form.endDate,
    startingBalance: dollarsFromCents(form.startingBalance),
    endingBalance: dollarsFromCents(form.endingBalance),
  };
}
