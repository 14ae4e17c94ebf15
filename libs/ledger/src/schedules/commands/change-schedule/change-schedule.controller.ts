import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { changeSchedule } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../../http/checked-input.js';
import { LedgerErrorFilter } from '../../../http/ledger-error.filter.js';
import { ChangeScheduleCommand } from './change-schedule.command.js';

/** PATCH /api/v1/schedules/{id}: the whole schedule replaced; 404 for one not the caller's. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ChangeScheduleController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(changeSchedule, ChangeScheduleCommand)
  change(@CurrentUserId() userId: string, @Input(changeSchedule) { params, body }: CheckedInput<typeof changeSchedule>) {
    return this.commands.execute(new ChangeScheduleCommand(userId, params.id, body));
  }
}
