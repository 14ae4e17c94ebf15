import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter } from '@budget/platform';
import { decideDedupTransaction } from '../../domain/dedup-transaction.decide.js';
import { transactionStream, type TransactionEvent } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { DedupTransactionCommand } from './dedup-transaction.command.js';

/** Another user's transaction is 404 (the ownership lookup); the flag's clearing is an event on the row's own stream. */
@CommandHandler(DedupTransactionCommand)
export class DedupTransactionHandler implements ICommandHandler<DedupTransactionCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  execute(command: DedupTransactionCommand): Promise<void> {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, transactionId }: DedupTransactionCommand): Promise<void> {
    const caller = { userId };
    await this.lookups.transactionOwned(userId, transactionId);
    const stream = transactionStream(transactionId);
    const loaded = await this.writer.load<TransactionEvent>(stream, caller, 'Transaction');
    const events = decideDedupTransaction(foldTransaction(loaded.events));
    if (events.length > 0) await this.writer.settle(caller, await this.writer.append(stream, events, loaded.revision, caller));
  }
}
