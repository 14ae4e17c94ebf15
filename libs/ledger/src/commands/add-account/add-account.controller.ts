import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { addAccount, LinkOnlineAccounts, type RouteResponse } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { AddAccountCommand } from './add-account.command.js';

/**
 * POST /api/v1/institution/{id}/accounts {name, balance, type, subtype, tracking, rate, startDate}: 201 `{data: {account, categories}}`.
 * Online `{plaidAccounts, startDate}` goes to bank-sync, which opens them here through `OpenOnlineAccounts`.
 */
@Controller()
@UseFilters(LedgerErrorFilter)
export class AddAccountController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(addAccount, AddAccountCommand)
  add(@CurrentUserId() userId: string, @Input(addAccount) { params, body }: CheckedInput<typeof addAccount>) {
    if (body.plaidAccounts) {
      return this.commands.execute<LinkOnlineAccounts, RouteResponse<typeof addAccount>>(
        new LinkOnlineAccounts(userId, params.id, body.plaidAccounts, body.startDate),
      );
    }
    return this.commands.execute(new AddAccountCommand(userId, params.id, body));
  }
}
