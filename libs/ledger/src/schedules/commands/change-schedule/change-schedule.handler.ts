import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ScheduleCommands } from '../../schedule-commands.js';
import { scheduleView } from '../../schedule-reads.js';
import { scheduleDraft } from '../schedule-draft.js';
import { ChangeScheduleCommand } from './change-schedule.command.js';

/** Decide `ChangeSchedule` (posted rows stay as they are), append, answer the schedule. */
@CommandHandler(ChangeScheduleCommand)
export class ChangeScheduleHandler implements ICommandHandler<ChangeScheduleCommand> {
  constructor(@Inject(ScheduleCommands) private readonly commands: ScheduleCommands) {}

  async execute({ userId, scheduleId, body }: ChangeScheduleCommand) {
    const { state } = await this.commands.run({ userId }, scheduleId, { type: 'ChangeSchedule', draft: scheduleDraft(body) });
    return { data: scheduleView(state) };
  }
}
