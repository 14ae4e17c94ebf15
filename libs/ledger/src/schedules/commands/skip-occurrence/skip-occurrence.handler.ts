import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ScheduleCommands } from '../../schedule-commands.js';
import { scheduleView } from '../../schedule-reads.js';
import { SkipOccurrenceCommand } from './skip-occurrence.command.js';

/** Decide `SkipOccurrence` (a date that is no occurrence, or one posted, is a 422), append, answer the schedule. */
@CommandHandler(SkipOccurrenceCommand)
export class SkipOccurrenceHandler implements ICommandHandler<SkipOccurrenceCommand> {
  constructor(@Inject(ScheduleCommands) private readonly commands: ScheduleCommands) {}

  async execute({ userId, scheduleId, date }: SkipOccurrenceCommand) {
    const { state } = await this.commands.run({ userId }, scheduleId, { type: 'SkipOccurrence', date });
    return { data: scheduleView(state) };
  }
}
