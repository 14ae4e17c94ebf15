import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AssignTransactionsByRule } from '@budget/contracts';
import { EventWriter, type Caller, type WriteAppend } from '@budget/platform';
import { decideRuleAssignment } from '../../domain/auto-assign.decide.js';
import type { TransactionChange } from '../../domain/balance-bound.js';
import { transactionStream, type TransactionEvent } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { translate } from '../../http/ledger-error.filter.js';
import { ensureWithinBalanceBound } from '../balance-bound.js';

/**
 * "Apply to existing": the rule's splits given to the user's transactions that are still wholly
 * Unassigned, decided on each stream and appended as ONE write (one transaction, all or nothing)
 * with the actor `rule:<id>`; each changed row's log line names the rule and the string. A race
 * with another write to one of the rows decides the whole batch again.
 */
@CommandHandler(AssignTransactionsByRule)
export class AssignTransactionsByRuleHandler implements ICommandHandler<AssignTransactionsByRule, string[]> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  async execute({ userId, rule, assignments }: AssignTransactionsByRule): Promise<string[]> {
    if (assignments.length === 0) return [];
    const caller: Caller = { userId, actor: `rule:${rule.id}` };
    const { unassigned } = await this.lookups.systemCategories(userId);
    const categories = await this.lookups.existingCategories(userId, [...new Set(assignments.flatMap((a) => a.splits.map((s) => s.categoryId)))]);
    return this.writer.retrying(async () => {
      const appends: WriteAppend[] = [];
      const changes: TransactionChange[] = [];
      const assigned: string[] = [];
      for (const { transactionId, searchString, splits } of assignments) {
        if (!splits.every((s) => categories.has(s.categoryId))) continue;
        const stream = transactionStream(transactionId);
        const loaded = await this.writer.load<TransactionEvent>(stream, caller, 'Transaction', false);
        if (loaded.revision === 'no_stream') continue;
        const before = foldTransaction(loaded.events);
        const note = { ruleId: rule.id, ruleName: rule.name, searchString };
        const events = decideRuleAssignment(before, splits.map((s) => ({ categoryId: s.categoryId, amount: s.amountCents, comment: null })), unassigned, note);
        if (events.length === 0) continue;
        appends.push({ stream, events, expectedRevision: loaded.revision });
        changes.push({ before, events });
        assigned.push(transactionId);
      }
      // Answered to another context (libs/rules): the ledger's own errors leave it as the
      // platform's HTTP errors, so a breached bound is the caller's 422, not a 500.
      await ensureWithinBalanceBound(this.lookups, userId, 'rule', changes).catch((error: unknown) => {
        throw translate(error);
      });
      await this.writer.settle(caller, await this.writer.appendMany(appends, caller));
      return assigned;
    });
  }
}
