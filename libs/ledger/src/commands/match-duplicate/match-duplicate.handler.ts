import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter, type WriteAppend } from '@budget/platform';
import { decideMatchDuplicate } from '../../domain/bank-rows/match-duplicate.decide.js';
import { transactionStream, type TransactionEvent } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { MatchDuplicateCommand } from './match-duplicate.command.js';

/**
 * Both rows' streams are read from the store and written in ONE append, each at the revision it
 * was read at (`EventWriter.retrying` decides again after a race); another user's row is 404 (the
 * ownership lookup), and so is its original when it is not the caller's.
 */
@CommandHandler(MatchDuplicateCommand)
export class MatchDuplicateHandler implements ICommandHandler<MatchDuplicateCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  execute(command: MatchDuplicateCommand): Promise<void> {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, transactionId }: MatchDuplicateCommand): Promise<void> {
    const caller = { userId };
    await this.lookups.transactionOwned(userId, transactionId);
    const bankStream = transactionStream(transactionId);
    const bank = await this.writer.load<TransactionEvent>(bankStream, caller, 'Transaction');
    const bankState = foldTransaction(bank.events);
    const originalId = bankState.duplicateOf;
    if (originalId !== null) await this.lookups.transactionOwned(userId, originalId);
    const original = originalId === null ? null : await this.writer.load<TransactionEvent>(transactionStream(originalId), caller, 'Transaction');
    const { unassigned } = await this.lookups.systemCategories(userId);
    const decided = decideMatchDuplicate(bankState, foldTransaction(original?.events ?? []), unassigned);
    const appends: WriteAppend[] = [{ stream: bankStream, events: decided.bank, expectedRevision: bank.revision }];
    if (original && originalId !== null && decided.original.length > 0) appends.push({ stream: transactionStream(originalId), events: decided.original, expectedRevision: original.revision });
    await this.writer.settle(caller, await this.writer.appendMany(appends, caller));
  }
}
