import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { recordBankAdjustment } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { RecordBankAdjustmentCommand } from './record-bank-adjustment.command.js';

/** POST /api/v1/account/{id}/bank-adjustment `{amount}`: 201 with the account's balances beside the bank's. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class RecordBankAdjustmentController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(recordBankAdjustment, RecordBankAdjustmentCommand)
  record(@CurrentUserId() userId: string, @Input(recordBankAdjustment) { params, body }: CheckedInput<typeof recordBankAdjustment>) {
    return this.commands.execute(new RecordBankAdjustmentCommand(userId, params.id, body.amount));
  }
}
