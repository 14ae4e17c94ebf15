import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { createStatement } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { CreateStatementCommand } from './create-statement.command.js';

/** POST /api/v1/account/{id}/statements {startDate, endDate, startingBalance, endingBalance}: 201 the statement with `transactions`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class CreateStatementController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(createStatement, CreateStatementCommand)
  create(@CurrentUserId() userId: string, @Input(createStatement) { params, body }: CheckedInput<typeof createStatement>) {
    return this.commands.execute(new CreateStatementCommand(userId, params.id, body));
  }
}
