import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { removeAccountBalance, removeBalance } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { RemoveBalanceCommand } from './remove-balance.command.js';

/** DELETE /api/v1/balance/{id} and DELETE /api/v1/account/{accountId}/balances/{id}: 204. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class RemoveBalanceController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(removeBalance, RemoveBalanceCommand)
  remove(@CurrentUserId() userId: string, @Input(removeBalance) { params }: CheckedInput<typeof removeBalance>): Promise<void> {
    return this.commands.execute(new RemoveBalanceCommand(userId, params.id));
  }

  @Endpoint(removeAccountBalance, RemoveBalanceCommand)
  removeUnderAccount(@CurrentUserId() userId: string, @Input(removeAccountBalance) { params }: CheckedInput<typeof removeAccountBalance>): Promise<void> {
    return this.commands.execute(new RemoveBalanceCommand(userId, params.id, params.accountId));
  }
}
