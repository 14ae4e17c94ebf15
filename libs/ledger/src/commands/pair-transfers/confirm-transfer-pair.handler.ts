import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter, type Caller } from '@budget/platform';
import { UnknownReference } from '../../domain/domain-error.js';
import { decideConfirmPair, foldTransferPair } from '../../domain/transfer-pair.decide.js';
import { transferPairStream, type TransferPairEvent } from '../../domain/transfer-pair.events.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { ConfirmTransferPairCommand } from './confirm-transfer-pair.command.js';
import { PairLookups } from './pair-lookups.js';
import { loadPair, pairAppends } from './transfer-pairing.js';

/**
 * Confirms an offered pair: decided on the pair's stream (another user's pair, or one never
 * offered, is 404) and on both rows' own streams, appended as one write at their revisions.
 */
@CommandHandler(ConfirmTransferPairCommand)
export class ConfirmTransferPairHandler implements ICommandHandler<ConfirmTransferPairCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly ledger: LedgerLookups,
    @Inject(PairLookups) private readonly lookups: PairLookups,
  ) {}

  execute(command: ConfirmTransferPairCommand): Promise<void> {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, pairId }: ConfirmTransferPairCommand): Promise<void> {
    const caller: Caller = { userId };
    const { events } = await this.writer.load<TransferPairEvent>(transferPairStream(pairId), caller, 'Transfer pair');
    const legs = foldTransferPair(events).legs;
    if (legs === null) throw new UnknownReference('Transfer pair');
    const [{ unassigned, accountTransfer }, loaded] = await Promise.all([
      this.ledger.systemCategories(userId),
      loadPair(this.writer, this.lookups, caller, pairId, legs[0].transactionId, legs[1].transactionId),
    ]);
    const decision = decideConfirmPair({ pairId, unassignedCategoryId: unassigned, accountTransferCategoryId: accountTransfer }, loaded.pair, ...loaded.sides);
    if (decision.pair.length > 0) await this.writer.settle(caller, await this.writer.appendMany(pairAppends(pairId, loaded, decision), caller));
  }
}
