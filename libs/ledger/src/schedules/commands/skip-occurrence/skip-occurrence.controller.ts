import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { skipScheduleOccurrence } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../../http/checked-input.js';
import { LedgerErrorFilter } from '../../../http/ledger-error.filter.js';
import { SkipOccurrenceCommand } from './skip-occurrence.command.js';

/** POST /api/v1/schedules/{id}/skip {date}. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class SkipOccurrenceController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(skipScheduleOccurrence, SkipOccurrenceCommand)
  skip(@CurrentUserId() userId: string, @Input(skipScheduleOccurrence) { params, body }: CheckedInput<typeof skipScheduleOccurrence>) {
    return this.commands.execute(new SkipOccurrenceCommand(userId, params.id, body.date));
  }
}
