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
  /** The row's account (a rule's account condition). */
  accountId?: string;
  /**
   * Whether the row counts in the category balances: false for a row dated before its account's
   * start date (server-behaviour §0 "Visible in a category register"), whose splits move nothing.
   */
  counted: boolean;
}

/**
 * One page of the user's Unassigned transactions, newest first (date, then id): at most `limit`,
 * those after `after` (the last row of the page before; null for the first page).
 */
export class LedgerUnassignedTransactions {
  constructor(
    readonly userId: string,
    readonly limit: number,
    readonly after: { date: string; transactionId: string } | null = null,
  ) {}
}

/** One transaction a rule assigns, with its new splits (summing to its amount). */
export interface RuleAssignmentCents {
  transactionId: string;
  searchString: string;
  splits: { categoryId: string; amountCents: number }[];
}

/**
 * The ledger step of a recorded application of a rule ("apply to existing"), in one write with the
 * actor `rule:<ruleId>`: each row still wholly Unassigned gets its splits, noted with the
 * application's id (one that changed meanwhile is left alone). Run again with the same
 * application it changes nothing more: answers the ids this application has assigned, now or
 * in an earlier run.
 */
export class AssignTransactionsByRule {
  constructor(
    readonly userId: string,
    readonly rule: { id: string; name: string },
    readonly assignments: readonly RuleAssignmentCents[],
    readonly applicationId: string,
    /** Decide and check (the balance bound's 422) without appending: asked before the application is recorded. */
    readonly checkOnly = false,
  ) {}
}

/**
 * The ledger step of a recorded undo of a rule's application, in one write with the actor
 * `rule:<ruleId>`: each of the given transactions that still carries exactly the splits that
 * application gave it goes back to Unassigned, noted with the application's id; one the user
 * edited or deleted since is left alone. Run again it changes nothing more: answers the ids this
 * undo has put back, now or in an earlier run.
 */
export class UndoTransactionsByRule {
  constructor(
    readonly userId: string,
    readonly ruleId: string,
    readonly transactionIds: readonly string[],
    readonly applicationId: string,
    /** An application recorded before its id was noted on the rows: undo the rule's last assignment of each. */
    readonly legacy = false,
    /** Decide and check (the balance bound's 422) without appending: asked before the undo is recorded. */
    readonly checkOnly = false,
  ) {}
}
