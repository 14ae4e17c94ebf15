import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { matchDuplicate } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { MatchDuplicateCommand } from './match-duplicate.command.js';

/** POST /api/v1/transaction/{id}/match: empty 200. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class MatchDuplicateController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(matchDuplicate, MatchDuplicateCommand)
  match(@CurrentUserId() userId: string, @Input(matchDuplicate) { params }: CheckedInput<typeof matchDuplicate>) {
    return this.commands.execute(new MatchDuplicateCommand(userId, params.id));
  }
}
