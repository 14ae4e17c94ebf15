/**
 * The rules context's public query: what the ledger asks when it records bank rows (OFX, CSV,
 * later Plaid), through `QueryBus`, instead of reading the rules' tables. Plain classes (the web
 * imports this package too); answered by a `@QueryHandler` in `libs/rules`. Amounts are integer
 * cents. Ask with the answer's type:
 * `queries.execute<MatchAutoAssignments, (AutoAssignmentMatch | null)[]>(new MatchAutoAssignments(userId, rows))`.
 */

/** A row to match: its name (the bank's description), its amount in cents and its account (a rule's account condition). */
export interface AutoAssignmentRow {
  name: string;
  amountCents: number;
  accountId?: string;
}

/** The rule that claims a row, the string that matched, and the row's splits (summing to its amount). */
export interface AutoAssignmentMatch {
  ruleId: string;
  ruleName: string;
  searchString: string;
  splits: { categoryId: string; amountCents: number }[];
}

/**
 * Which of the user's rules claims each row (server-behaviour §4.5.1, rule 5): the answer has one
 * entry per row, in order, null where no rule matches. The rules are read once for the whole batch.
 */
export class MatchAutoAssignments {
  constructor(
    readonly userId: string,
    readonly rows: readonly AutoAssignmentRow[],
  ) {}
}
