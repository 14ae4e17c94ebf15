import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MatchAutoAssignments, type AutoAssignmentMatch } from '@budget/contracts';
import type { Cents } from '@budget/money';
import type { Actor } from '@budget/platform';
import type { AutoAssignmentNote, Split, TransactionEvent } from '../../domain/transaction.events.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';

/** A new row about to be recorded (a file's or a bank feed's), with the transaction id it gets. */
export interface RowToAssign {
  transactionId: string;
  /** `accountId`: the row's account (a rule's account condition); a file's rows take the file's account. */
  row: { name: string; amount: Cents; accountId?: string };
}

/**
 * The splits a rule gives a row, who decided them (the actor of the row's events) and the note
 * the transaction log shows (which rule, which search string).
 */
export interface NotedRuleAssignment {
  splits: Split[];
  actor: Actor;
  note: AutoAssignmentNote;
}

/**
 * The ledger's side of the auto-assignment rules (server-behaviour §4.5.1, rule 5): the rules are
 * the rules context's, asked once per batch through its public query `MatchAutoAssignments` on the
 * QueryBus (never its tables). A row a rule claims gets the rule's splits and is recorded with the
 * actor `rule:<id>`; a rule naming a category the user no longer has leaves its rows in Unassigned.
 * Used by every import path: OFX and CSV files (`BankFileImporter`) and bank feeds (`RecordBankRowsHandler`).
 */
@Injectable()
export class RulesByQuery {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  async assign(userId: string, rows: readonly RowToAssign[], accountId?: string): Promise<ReadonlyMap<string, NotedRuleAssignment>> {
    const assigned = new Map<string, NotedRuleAssignment>();
    if (rows.length === 0) return assigned;
    const matches = await this.queries.execute<MatchAutoAssignments, (AutoAssignmentMatch | null)[]>(
      new MatchAutoAssignments(userId, rows.map(({ row }) => {
        const account = row.accountId ?? accountId;
        return { name: row.name, amountCents: row.amount, ...(account !== undefined && { accountId: account }) };
      })),
    );
    const categories = await this.lookups.existingCategories(userId, [...new Set(matches.flatMap((m) => m?.splits.map((s) => s.categoryId) ?? []))]);
    rows.forEach(({ transactionId }, index) => {
      const match = matches[index];
      if (!match || match.splits.length === 0 || !match.splits.every((s) => categories.has(s.categoryId))) return;
      assigned.set(transactionId, {
        splits: match.splits.map((s): Split => ({ categoryId: s.categoryId, amount: s.amountCents, comment: null })),
        actor: `rule:${match.ruleId}`,
        note: { ruleId: match.ruleId, ruleName: match.ruleName, searchString: match.searchString },
      });
    });
    return assigned;
  }
}

/**
 * A new row's events with the rule's note on its `TransactionRecorded`, when that event carries
 * the rule's splits (a posted row taking its pending row's splits keeps those, and no note).
 */
export function notedAutoAssignment<E extends TransactionEvent>(events: E[], assignment: { splits: readonly Split[] } | undefined): E[] {
  if (!assignment || !('note' in assignment)) return events;
  const { note, splits } = assignment as NotedRuleAssignment;
  return events.map((event) =>
    event.type === 'TransactionRecorded' && JSON.stringify(event.data.splits) === JSON.stringify(splits) ? { ...event, data: { ...event.data, autoAssignment: note } } : event,
  );
}
