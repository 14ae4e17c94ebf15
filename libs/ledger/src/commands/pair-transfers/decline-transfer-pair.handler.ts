import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter, type Caller } from '@budget/platform';
import { decideDeclinePair, foldTransferPair } from '../../domain/transfer-pair.decide.js';
import { transferPairStream, type TransferPairEvent } from '../../domain/transfer-pair.events.js';
import { DeclineTransferPairCommand } from './decline-transfer-pair.command.js';

/** Declines an offered pair: one event on the pair's own stream (another user's pair is 404); the rows stay as they are. */
@CommandHandler(DeclineTransferPairCommand)
export class DeclineTransferPairHandler implements ICommandHandler<DeclineTransferPairCommand> {
  constructor(@Inject(EventWriter) private readonly writer: EventWriter) {}

  execute(command: DeclineTransferPairCommand): Promise<void> {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, pairId }: DeclineTransferPairCommand): Promise<void> {
    const caller: Caller = { userId };
    const stream = transferPairStream(pairId);
    const loaded = await this.writer.load<TransferPairEvent>(stream, caller, 'Transfer pair');
    const events = decideDeclinePair(pairId, foldTransferPair(loaded.events));
    if (events.length > 0) await this.writer.settle(caller, await this.writer.append(stream, events, loaded.revision, caller));
  }
}
