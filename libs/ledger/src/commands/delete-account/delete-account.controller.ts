import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { deleteAccount } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { DeleteAccountCommand } from './delete-account.command.js';

/** DELETE /api/v1/institution/{id}/accounts/{accountId}: the balances of the categories that moved. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class DeleteAccountController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(deleteAccount, DeleteAccountCommand)
  remove(@CurrentUserId() userId: string, @Input(deleteAccount) { params }: CheckedInput<typeof deleteAccount>) {
    return this.commands.execute(new DeleteAccountCommand(userId, params.id, params.accountId));
  }
}
