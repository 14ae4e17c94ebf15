import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { changeAccount } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { ChangeAccountCommand } from './change-account.command.js';

/** PATCH /api/v1/account/{id} {name?, closed?, startDate?, tracking?}: `{data: {account, categories}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ChangeAccountController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(changeAccount, ChangeAccountCommand)
  change(@CurrentUserId() userId: string, @Input(changeAccount) { params, body }: CheckedInput<typeof changeAccount>) {
    return this.commands.execute(new ChangeAccountCommand(userId, params.id, { name: body.name, closed: body.closed, startDate: body.startDate, tracking: body.tracking }));
  }
}
