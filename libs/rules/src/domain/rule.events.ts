/**
 * Events of a user's auto-assignment rules, all in the stream `rules-<userId>` (not the budget
 * stream, which every budget command folds). Money in integer cents; percentages in basis points.
 */

/** One category row of a rule: fixed cents, or basis points of what the fixed rows leave. */
export interface RuleCategory {
  categoryId: string;
  /** Cents when fixed, basis points (1/100 of a percent) when `percentage`. Never negative. */
  amount: number;
  percentage: boolean;
}

/**
 * A rule's conditions besides "the name contains" (docs/architecture.md §4.5). Each is stored only
 * when set, so events written before them — and rules that use none — mean "name contains one of
 * the search strings", unchanged.
 */
export interface RuleConditions {
  /** `equals`: the whole name (trimmed, any case) is one of the search strings. Absent: contains. */
  nameMatch?: 'equals';
  /** The signed amount in cents is at least this (inclusive). Equal bounds: the amount equals it. */
  amountMin?: number;
  /** The signed amount in cents is at most this (inclusive). */
  amountMax?: number;
  /** The row is in one of these accounts. */
  accountIds?: string[];
}

export interface RuleFields extends RuleConditions {
  name: string;
  /** Trimmed, non-empty; at least one unless an amount or account condition is set. */
  searchStrings: string[];
  /** At least one row (Unassigned at 100 % when the client sends none). */
  categories: RuleCategory[];
}

export interface AutoAssignmentAdded {
  type: 'AutoAssignmentAdded';
  data: { ruleId: string } & RuleFields;
}

/** The rule as a whole after the change (PATCH replaces name, strings and rows). */
export interface AutoAssignmentChanged {
  type: 'AutoAssignmentChanged';
  data: { ruleId: string } & RuleFields;
}

export interface AutoAssignmentDeleted {
  type: 'AutoAssignmentDeleted';
  data: { ruleId: string };
}

/** One row of an application's plan: the splits the rule gives it, and whether it counts in the balances. */
export interface AppliedRow {
  transactionId: string;
  searchString: string;
  /** Cents, summing to the row's amount. */
  splits: { categoryId: string; amount: number }[];
  /** False for a row dated before its account's start date: it takes the splits but moves no balance. */
  counted: boolean;
}

/**
 * An "apply to existing", recorded BEFORE the ledger changes anything, in the same write as its
 * plan (`AutoAssignmentApplicationPlanned`, in the application's own stream): when, which rule,
 * and how many rows it plans (`count`). Changes no rule. Records made before the plan came first
 * carry instead `transactionIds`, the rows the ledger step had assigned.
 */
export interface AutoAssignmentApplied {
  type: 'AutoAssignmentApplied';
  data: { ruleId: string; applicationId: string; date: string; count?: number; transactionIds?: string[] };
}

/**
 * The plan of one application, the only event of the stream `rule-application-<applicationId>`
 * (appended expecting no stream, with the rules stream's `AutoAssignmentApplied`): each row the
 * rule is to assign, with its splits. The ledger step and the undo are driven from it — a retry
 * re-reads it, never the read models — and it stays out of the rules stream that every import
 * reads.
 */
export interface AutoAssignmentApplicationPlanned {
  type: 'AutoAssignmentApplicationPlanned';
  data: { ruleId: string; applicationId: string; ruleName: string; rows: AppliedRow[] };
}

export const applicationStream = (applicationId: string) => `rule-application-${applicationId}`;

/**
 * The undo of one application, recorded BEFORE the ledger step that puts its rows back (driven
 * from the application's record). An application is undone at most once. Records made before the
 * undo was recorded first carry its outcome: `transactionIds` went back to Unassigned, `skipped`
 * rows were left alone.
 */
export interface AutoAssignmentApplicationUndone {
  type: 'AutoAssignmentApplicationUndone';
  data: { ruleId: string; applicationId: string; transactionIds?: string[]; skipped?: number };
}

export type RulesEvent = AutoAssignmentAdded | AutoAssignmentChanged | AutoAssignmentDeleted | AutoAssignmentApplied | AutoAssignmentApplicationUndone;

const RULES_EVENT_TYPES = new Set<string>(['AutoAssignmentAdded', 'AutoAssignmentChanged', 'AutoAssignmentDeleted', 'AutoAssignmentApplied', 'AutoAssignmentApplicationUndone']);
export const isRulesEvent = (event: { type: string }): event is RulesEvent => RULES_EVENT_TYPES.has(event.type);

export const RULES_STREAM_PREFIX = 'rules-';
export const rulesStream = (userId: string) => `${RULES_STREAM_PREFIX}${userId}`;
export const isRulesStream = (stream: string) => stream.startsWith(RULES_STREAM_PREFIX);
