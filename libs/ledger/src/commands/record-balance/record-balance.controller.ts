import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { recordBalance } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { RecordBalanceCommand } from './record-balance.command.js';

/** POST /api/v1/account/{id}/balances {date, amount} (or {date, balance}): 201 `{data: {id, date, balance, accountBalance}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class RecordBalanceController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(recordBalance, RecordBalanceCommand)
  record(@CurrentUserId() userId: string, @Input(recordBalance) { params, body }: CheckedInput<typeof recordBalance>) {
    return this.commands.execute(new RecordBalanceCommand(userId, params.id, body));
  }
}
