import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AssignTransactionsByRule } from '@budget/contracts';
import { EventWriter, type Caller, type WriteAppend } from '@budget/platform';
import { decideApplicationRow } from '../../domain/auto-assign.decide.js';
import type { TransactionChange } from '../../domain/balance-bound.js';
import { transactionStream } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { translate } from '../../http/ledger-error.filter.js';
import { ensureWithinBalanceBound } from '../balance-bound.js';
import { loadRows } from './load-rows.js';

/**
 * The ledger step of a recorded "apply to existing" (libs/rules records the application with its
 * rows first, then sends them here): the rule's splits given to the rows still wholly Unassigned,
 * decided on each stream (loaded in sets) and appended as ONE write (one transaction, all or
 * nothing) with the actor `rule:<id>`; each change notes the application, so a second run of the
 * same step — a retry after a 202 or a crash — finds those rows done and changes nothing. Each
 * changed row's log line names the rule and the string. A race with another write to one of the
 * rows decides the whole batch again. Answers the rows this application has assigned. `checkOnly`:
 * the same decisions and checks, nothing appended (asked before the application is recorded, so
 * that a refusal records nothing).
 */
@CommandHandler(AssignTransactionsByRule)
export class AssignTransactionsByRuleHandler implements ICommandHandler<AssignTransactionsByRule, string[]> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  async execute({ userId, rule, assignments, applicationId, checkOnly }: AssignTransactionsByRule): Promise<string[]> {
    if (assignments.length === 0) return [];
    const caller: Caller = { userId, actor: `rule:${rule.id}` };
    const { unassigned } = await this.lookups.systemCategories(userId);
    const categories = await this.lookups.existingCategories(userId, [...new Set(assignments.flatMap((a) => a.splits.map((s) => s.categoryId)))]);
    return this.writer.retrying(async () => {
      const loaded = await loadRows(this.writer, caller, assignments.map((a) => a.transactionId));
      const appends: WriteAppend[] = [];
      const changes: TransactionChange[] = [];
      const assigned: string[] = [];
      for (const { transactionId, searchString, splits } of assignments) {
        const row = loaded.get(transactionId);
        if (!row || row.revision === 'no_stream') continue;
        // A category deleted since the application was recorded: the row stays in Unassigned.
        if (!splits.every((s) => categories.has(s.categoryId))) continue;
        const note = { ruleId: rule.id, ruleName: rule.name, searchString, applicationId };
        const decided = decideApplicationRow(row.events, splits.map((s) => ({ categoryId: s.categoryId, amount: s.amountCents, comment: null })), unassigned, note);
        if (decided.assigned) assigned.push(transactionId);
        if (decided.events.length === 0) continue;
        appends.push({ stream: transactionStream(transactionId), events: decided.events, expectedRevision: row.revision });
        changes.push({ before: foldTransaction(row.events), events: decided.events });
      }
      // Answered to another context (libs/rules): the ledger's own errors leave it as the
      // platform's HTTP errors, so a breached bound is the caller's 422, not a 500.
      await ensureWithinBalanceBound(this.lookups, userId, 'rule', changes).catch((error: unknown) => {
        throw translate(error);
      });
      if (!checkOnly) await this.writer.settle(caller, await this.writer.appendMany(appends, caller));
      return assigned;
    });
  }
}
