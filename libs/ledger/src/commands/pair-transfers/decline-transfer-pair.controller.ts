import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { declineTransferPair } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { DeclineTransferPairCommand } from './decline-transfer-pair.command.js';

/** POST /api/v1/transfer-pairs/{pairId}/decline: empty 200. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class DeclineTransferPairController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(declineTransferPair, DeclineTransferPairCommand)
  decline(@CurrentUserId() userId: string, @Input(declineTransferPair) { params }: CheckedInput<typeof declineTransferPair>) {
    return this.commands.execute(new DeclineTransferPairCommand(userId, params.pairId));
  }
}
