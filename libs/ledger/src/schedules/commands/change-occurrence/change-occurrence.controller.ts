import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { changeScheduleOccurrence } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../../http/checked-input.js';
import { LedgerErrorFilter } from '../../../http/ledger-error.filter.js';
import { ChangeOccurrenceCommand } from './change-occurrence.command.js';

/** PUT /api/v1/schedules/{id}/occurrence {date, postDate?, name?, amount?, categories?}. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ChangeOccurrenceController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(changeScheduleOccurrence, ChangeOccurrenceCommand)
  change(@CurrentUserId() userId: string, @Input(changeScheduleOccurrence) { params, body }: CheckedInput<typeof changeScheduleOccurrence>) {
    return this.commands.execute(new ChangeOccurrenceCommand(userId, params.id, body));
  }
}
