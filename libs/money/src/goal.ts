import type { Cents } from './cents.js';
import { firstOfMonth, goalDateOrDefault, monthIndex, monthsBetween, monthStart } from './goal-dates.js';

export interface GoalInput {
  /** The category's funding amount: the goal's target. */
  target: Cents;
  /** The category balance at the start of the month being funded. */
  balanceAtMonthStart: Cents;
  /** `YYYY-MM-DD`; blank means the first day of the month after `month`. */
  goalDate: string | null;
  /** Months between due dates, at least 1. */
  recurrence: number;
  /** Any date in the month being funded. */
  month: string;
}

export interface GoalProposal {
  /** What to fund this month. */
  amount: Cents;
  /** The plan without the goal's catch-up: target ÷ recurrence, rounded up. */
  planned: Cents;
  adjusted: boolean;
  /** First day of the month the goal is due (after rolling a past goal forward). */
  dueMonth: string;
  /** Whole months from the funded month to the due month, never negative. */
  monthsToGoal: number;
}

/** ⌈n ÷ d⌉ for whole n ≥ 0 and d ≥ 1, in integers. */
export function ceilDiv(n: number, d: number): number {
  return Math.floor((n + d - 1) / d);
}

/**
 * The monthly funding of a goal (server-behaviour §4.4.4, rule 18; the decision against
 * product-spec §4 is in libs/money/README.md):
 * 1. m = whole months from the funded month to the goal's month; a past goal rolls forward whole
 *    recurrences (m += ⌈−m ÷ r⌉ × r);
 * 2. need = target − balance at the start of the funded month;
 * 3. amount = ⌈need ÷ (m + 1)⌉ to the cent when need > 0, else 0 — the funded month and the due
 *    month both count, and rounding up never leaves the goal a cent short.
 */
export function proposeGoalFunding(input: GoalInput): GoalProposal {
  const recurrence = Math.max(1, Math.trunc(input.recurrence));
  const goal = goalDateOrDefault(input.goalDate, input.month);
  let months = monthsBetween(input.month, goal);
  if (months < 0) months += Math.ceil(-months / recurrence) * recurrence;
  const need = input.target - input.balanceAtMonthStart;
  const amount = need > 0 ? ceilDiv(need, months + 1) : 0;
  const planned = input.target > 0 ? ceilDiv(input.target, recurrence) : 0;
  return {
    amount,
    planned,
    adjusted: amount !== planned,
    dueMonth: monthStart(monthIndex(firstOfMonth(input.month)) + months),
    monthsToGoal: months,
  };
}

/**
 * What a category still needs in a month: what the month asks for (`due`: its plan, or its goal's
 * share) less what it was already funded with in that month, never negative — a category funded
 * beyond its due is proposed nothing, not a refund.
 */
export function stillToFund(due: Cents, funded: Cents): Cents {
  return Math.max(0, due - funded);
}
