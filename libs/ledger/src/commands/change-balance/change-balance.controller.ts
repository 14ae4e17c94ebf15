import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { changeBalance } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { ChangeBalanceCommand } from './change-balance.command.js';

/** PATCH /api/v1/account/{id}/balances/{balanceId} {date, amount} (or {date, balance}): `{data: {id, accountId, balance, date}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ChangeBalanceController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(changeBalance, ChangeBalanceCommand)
  change(@CurrentUserId() userId: string, @Input(changeBalance) { params, body }: CheckedInput<typeof changeBalance>) {
    return this.commands.execute(new ChangeBalanceCommand(userId, params.id, params.balanceId, body));
  }
}
