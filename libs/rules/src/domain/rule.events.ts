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

export interface RuleFields {
  name: string;
  /** Trimmed, non-empty, at least one. */
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

/**
 * The record of an "apply to existing": which transactions the rule assigned (their own streams
 * hold the assignments), so that it can be listed and undone later. Changes no rule.
 */
export interface AutoAssignmentApplied {
  type: 'AutoAssignmentApplied';
  data: { ruleId: string; applicationId: string; date: string; transactionIds: string[] };
}

/**
 * The undo of one application: `transactionIds` went back to Unassigned; `skipped` rows of the
 * application were left alone (edited or deleted since). An application is undone at most once.
 */
export interface AutoAssignmentApplicationUndone {
  type: 'AutoAssignmentApplicationUndone';
  data: { ruleId: string; applicationId: string; transactionIds: string[]; skipped: number };
}

export type RulesEvent = AutoAssignmentAdded | AutoAssignmentChanged | AutoAssignmentDeleted | AutoAssignmentApplied | AutoAssignmentApplicationUndone;

const RULES_EVENT_TYPES = new Set<string>(['AutoAssignmentAdded', 'AutoAssignmentChanged', 'AutoAssignmentDeleted', 'AutoAssignmentApplied', 'AutoAssignmentApplicationUndone']);
export const isRulesEvent = (event: { type: string }): event is RulesEvent => RULES_EVENT_TYPES.has(event.type);

export const RULES_STREAM_PREFIX = 'rules-';
export const rulesStream = (userId: string) => `${RULES_STREAM_PREFIX}${userId}`;
export const isRulesStream = (stream: string) => stream.startsWith(RULES_STREAM_PREFIX);
