/**
 * What the rules context asks of the ledger to preview and apply a rule to existing
 * transactions (the ledger answers both in `libs/ledger/src/commands/auto-assign/`). Plain
 * classes; amounts in integer cents.
 */

/** A live transaction whose whole amount is in Unassigned, on an account that tracks transactions. */
export interface UnassignedTransactionCents {
  transactionId: string;
  date: string;
  name: string;
  amountCents: number;
}

/** The user's Unassigned transactions (newest first, at most `limit`). */
export class LedgerUnassignedTransactions {
  constructor(
    readonly userId: string,
    readonly limit: number,
  ) {}
}

/** One transaction a rule assigns, with its new splits (summing to its amount). */
export interface RuleAssignmentCents {
  transactionId: string;
  searchString: string;
  splits: { categoryId: string; amountCents: number }[];
}

/**
 * Assign existing transactions by a rule, in one write with the actor `rule:<ruleId>`: each one
 * still wholly Unassigned gets its splits (one that changed meanwhile is left alone). Answers the
 * ids of the transactions it assigned.
 */
export class AssignTransactionsByRule {
  constructor(
    readonly userId: string,
    readonly rule: { id: string; name: string },
    readonly assignments: readonly RuleAssignmentCents[],
  ) {}
}

/**
 * Undo a rule's "apply to existing", in one write with the actor `rule:<ruleId>`: each of the
 * given transactions that still carries exactly the splits that rule gave it goes back to
 * Unassigned; one the user edited or deleted since is left alone. Answers the ids it put back.
 */
export class UndoTransactionsByRule {
  constructor(
    readonly userId: string,
    readonly ruleId: string,
    readonly transactionIds: readonly string[],
  ) {}
}
