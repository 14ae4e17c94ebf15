import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { createSchedule } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../../http/checked-input.js';
import { LedgerErrorFilter } from '../../../http/ledger-error.filter.js';
import { CreateScheduleCommand } from './create-schedule.command.js';

/** POST /api/v1/schedules: 201 `{data: schedule}`; a bad split, account or bill is a 422 on its field (an unknown category 404, as a transaction's). */
@Controller()
@UseFilters(LedgerErrorFilter)
export class CreateScheduleController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(createSchedule, CreateScheduleCommand)
  create(@CurrentUserId() userId: string, @Input(createSchedule) { body }: CheckedInput<typeof createSchedule>) {
    return this.commands.execute(new CreateScheduleCommand(userId, body));
  }
}
