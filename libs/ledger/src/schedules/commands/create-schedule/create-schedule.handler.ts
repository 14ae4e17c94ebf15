import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ScheduleCommands } from '../../schedule-commands.js';
import { scheduleView } from '../../schedule-reads.js';
import { scheduleDraft } from '../schedule-draft.js';
import { CreateScheduleCommand } from './create-schedule.command.js';

/** Decide `CreateSchedule` with a new id (derived inside a keyed request), append, answer the schedule. */
@CommandHandler(CreateScheduleCommand)
export class CreateScheduleHandler implements ICommandHandler<CreateScheduleCommand> {
  constructor(@Inject(ScheduleCommands) private readonly commands: ScheduleCommands) {}

  async execute({ userId, body }: CreateScheduleCommand) {
    const scheduleId = this.commands.newId();
    const { state } = await this.commands.run({ userId }, scheduleId, { type: 'CreateSchedule', scheduleId, draft: scheduleDraft(body) });
    return { data: scheduleView(state) };
  }
}
