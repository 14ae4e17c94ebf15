import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UndoTransactionsByRule } from '@budget/contracts';
import { EventWriter, type Caller, type WriteAppend } from '@budget/platform';
import { decideApplicationUndoRow } from '../../domain/auto-assign.decide.js';
import type { TransactionChange } from '../../domain/balance-bound.js';
import { transactionStream } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { translate } from '../../http/ledger-error.filter.js';
import { ensureWithinBalanceBound } from '../balance-bound.js';
import { loadRows } from './load-rows.js';

/**
 * The ledger step of a recorded undo of an "apply to existing" (libs/rules records the undo
 * first): the rows that application assigned and that still carry its splits unchanged go back to
 * Unassigned, decided on each stream (loaded in sets) and appended as ONE write with the actor
 * `rule:<id>`; each change is marked with the application, so a second run of the step finds
 * those rows done. A row edited, deleted or never assigned by the application is skipped. A race
 * with another write to one of the rows decides the whole batch again. Answers the rows this undo
 * has restored. `checkOnly`: the same decisions and checks, nothing appended (asked before the undo
 * is recorded, so that a refusal records nothing).
 */
@CommandHandler(UndoTransactionsByRule)
export class UndoTransactionsByRuleHandler implements ICommandHandler<UndoTransactionsByRule, string[]> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  async execute({ userId, ruleId, transactionIds, applicationId, legacy, checkOnly }: UndoTransactionsByRule): Promise<string[]> {
    if (transactionIds.length === 0) return [];
    const caller: Caller = { userId, actor: `rule:${ruleId}` };
    return this.writer.retrying(async () => {
      const loaded = await loadRows(this.writer, caller, transactionIds);
      const appends: WriteAppend[] = [];
      const changes: TransactionChange[] = [];
      const restored: string[] = [];
      for (const [transactionId, row] of loaded) {
        if (row.revision === 'no_stream') continue;
        const decided = decideApplicationUndoRow(row.events, ruleId, applicationId, legacy);
        if (decided.restored) restored.push(transactionId);
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
      return restored;
    });
  }
}
