import { formatCents, monthIndex, proposeGoalFunding, type Cents } from '@budget/money';

/**
 * What a goal (or a bill) means in words and figures: its target, its date, what it still needs
 * and what to fund a month (docs/architecture.md §9.3 "Explicit goals"). The monthly amount is
 * libs/money's `proposeGoalFunding`, the function `GET /funding-plans/proposed` and the Fund
 * dialog use, never a copy of it; the balance shown today stands for the month-start balance.
 */

export type GoalKind = 'REGULAR' | 'BILL' | 'GOAL' | string;

/** The labels of the amount and date fields by what they mean for the type. */
export function goalFieldLabels(type: GoalKind): { amount: string; date: string } {
  if (type === 'GOAL') return { amount: 'Target', date: 'Target date' };
  if (type === 'BILL') return { amount: 'Amount due', date: 'Due date' };
  return { amount: 'Monthly amount', date: 'Goal date' };
}

export interface GoalFigures {
  type: GoalKind;
  /** The category's funding amount: the target of a goal, the amount due of a bill. */
  target: Cents;
  balance: Cents;
  /** `YYYY-MM-DD`; blank means the first day of next month (product-spec §4). */
  goalDate: string | null;
  /** As typed; anything but a whole number of at least 1 counts as 1. */
  recurrence: number | string;
  /** Today, `YYYY-MM-DD`. */
  today: string;
}

export interface GoalView {
  /** What to fund this month (and, at this pace, each month to the due month). */
  monthly: Cents;
  /** Target − balance, never negative. */
  toGo: Cents;
  reached: boolean;
  /** `Dec 2027`: the month the goal is due (a past one rolled forward, rule 18). */
  due: string;
  /** Whole months from this month to the due month. */
  monthsToGoal: number;
  /** Balance ÷ target in whole percent, clamped to 0–100 (rounded down: 100 only when reached). */
  percent: number;
  /** `450.00 of 1,200.00` */
  valueText: string;
  /** `Fund 100.00 a month to reach 1,200.00 by Dec 2027` */
  sentence: string;
  /** `750.00 to go · 53.58 a month` */
  short: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2027-12-01` → `Dec 2027` (calendar arithmetic, no time zones). */
export function monthYear(date: string): string {
  const index = monthIndex(date);
  return `${MONTHS[index % 12]} ${Math.floor(index / 12)}`;
}

const wholeRecurrence = (value: number | string) => {
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : 1;
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

export function goalView({ type, target, balance, goalDate, recurrence, today }: GoalFigures): GoalView {
  const proposal = proposeGoalFunding({ target, balanceAtMonthStart: balance, goalDate: goalDate || null, recurrence: wholeRecurrence(recurrence), month: today });
  const toGo = Math.max(0, target - balance);
  const reached = toGo === 0;
  const percent = target <= 0 || reached ? 100 : balance <= 0 ? 0 : Math.floor((balance * 100) / target);
  const due = monthYear(proposal.dueMonth);
  const goal = formatCents(target);
  const verb = type === 'BILL' ? 'to have' : 'to reach';
  const pace = proposal.monthsToGoal === 0 ? 'this month' : 'a month';
  return {
    monthly: proposal.amount,
    toGo,
    reached,
    due,
    monthsToGoal: proposal.monthsToGoal,
    percent,
    valueText: `${formatCents(balance)} of ${goal}`,
    sentence: reached ? `${goal} reached: nothing more to fund` : `Fund ${formatCents(proposal.amount)} ${pace} ${verb} ${goal} by ${due}`,
    short: reached ? 'Reached' : `${formatCents(toGo)} to go · ${formatCents(proposal.amount)} ${pace}`,
  };
}
