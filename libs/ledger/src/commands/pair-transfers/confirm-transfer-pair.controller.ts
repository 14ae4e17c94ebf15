import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { confirmTransferPair } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { ConfirmTransferPairCommand } from './confirm-transfer-pair.command.js';

/** POST /api/v1/transfer-pairs/{pairId}/confirm: empty 200. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ConfirmTransferPairController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(confirmTransferPair, ConfirmTransferPairCommand)
  confirm(@CurrentUserId() userId: string, @Input(confirmTransferPair) { params }: CheckedInput<typeof confirmTransferPair>) {
    return this.commands.execute(new ConfirmTransferPairCommand(userId, params.pairId));
  }
}
