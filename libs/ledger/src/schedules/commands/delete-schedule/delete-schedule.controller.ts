import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { deleteSchedule } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../../http/checked-input.js';
import { LedgerErrorFilter } from '../../../http/ledger-error.filter.js';
import { DeleteScheduleCommand } from './delete-schedule.command.js';

/** DELETE /api/v1/schedules/{id}: 204; 404 for one not the caller's. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class DeleteScheduleController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(deleteSchedule, DeleteScheduleCommand)
  delete(@CurrentUserId() userId: string, @Input(deleteSchedule) { params }: CheckedInput<typeof deleteSchedule>): Promise<void> {
    return this.commands.execute(new DeleteScheduleCommand(userId, params.id));
  }
}
