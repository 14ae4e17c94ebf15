import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { recordTransaction } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { RecordTransactionCommand } from './record-transaction.command.js';

/** POST /api/v1/account/{id}/transactions {date, name, amount, principle?, comment?, categories}: 201 `{categories, transaction, acctBalances}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class RecordTransactionController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(recordTransaction, RecordTransactionCommand)
  add(@CurrentUserId() userId: string, @Input(recordTransaction) { params, body }: CheckedInput<typeof recordTransaction>) {
    return this.commands.execute(new RecordTransactionCommand(userId, params.id, body));
  }
}
