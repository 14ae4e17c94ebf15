import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { changeStatement } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { ChangeStatementCommand } from './change-statement.command.js';

/** PATCH /api/v1/statements/{id} {startDate?, endDate?, startingBalance?, endingBalance?, reconcile?}: the statement. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ChangeStatementController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(changeStatement, ChangeStatementCommand)
  change(@CurrentUserId() userId: string, @Input(changeStatement) { params, body }: CheckedInput<typeof changeStatement>) {
    return this.commands.execute(new ChangeStatementCommand(userId, params.id, body));
  }
}
