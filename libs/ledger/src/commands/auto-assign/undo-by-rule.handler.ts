import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UndoTransactionsByRule } from '@budget/contracts';
import { EventWriter, type Caller, type WriteAppend } from '@budget/platform';
import { decideRuleUndo } from '../../domain/auto-assign.decide.js';
import type { TransactionChange } from '../../domain/balance-bound.js';
import { transactionStream, type TransactionEvent } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { translate } from '../../http/ledger-error.filter.js';
import { ensureWithinBalanceBound } from '../balance-bound.js';

/**
 * Undo of an "apply to existing": the rows that rule assigned and that still carry its splits
 * unchanged go back to Unassigned, decided on each stream and appended as ONE write with the
 * actor `rule:<id>`; a row edited, deleted or not the caller's is skipped. A race with another
 * write to one of the rows decides the whole batch again.
 */
@CommandHandler(UndoTransactionsByRule)
export class UndoTransactionsByRuleHandler implements ICommandHandler<UndoTransactionsByRule, string[]> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  async execute({ userId, ruleId, transactionIds }: UndoTransactionsByRule): Promise<string[]> {
    if (transactionIds.length === 0) return [];
    const caller: Caller = { userId, actor: `rule:${ruleId}` };
    return this.writer.retrying(async () => {
      const appends: WriteAppend[] = [];
      const changes: TransactionChange[] = [];
      const undone: string[] = [];
      for (const transactionId of new Set(transactionIds)) {
        const stream = transactionStream(transactionId);
        const loaded = await this.writer.load<TransactionEvent>(stream, caller, 'Transaction', false);
        if (loaded.revision === 'no_stream') continue;
        const events = decideRuleUndo(loaded.events, ruleId);
        if (events.length === 0) continue;
        appends.push({ stream, events, expectedRevision: loaded.revision });
        changes.push({ before: foldTransaction(loaded.events), events });
        undone.push(transactionId);
      }
      // Answered to another context (libs/rules): the ledger's own errors leave it as the
      // platform's HTTP errors, so a breached bound is the caller's 422, not a 500.
      await ensureWithinBalanceBound(this.lookups, userId, 'rule', changes).catch((error: unknown) => {
        throw translate(error);
      });
      if (appends.length > 0) await this.writer.settle(caller, await this.writer.appendMany(appends, caller));
      return undone;
    });
  }
}
