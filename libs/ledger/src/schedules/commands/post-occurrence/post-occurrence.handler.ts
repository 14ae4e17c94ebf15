import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ScheduleCommands } from '../../schedule-commands.js';
import { scheduleView } from '../../schedule-reads.js';
import { PostOccurrenceCommand } from './post-occurrence.command.js';

/** Decide `PostOccurrence`, append the transaction and the schedule's record of it in one write; answer both. */
@CommandHandler(PostOccurrenceCommand)
export class PostOccurrenceHandler implements ICommandHandler<PostOccurrenceCommand> {
  constructor(@Inject(ScheduleCommands) private readonly commands: ScheduleCommands) {}

  async execute({ userId, scheduleId, date, actor }: PostOccurrenceCommand) {
    const { state, transactionId } = await this.commands.run({ userId, actor }, scheduleId, { type: 'PostOccurrence', date, today: this.commands.today() });
    if (!transactionId) throw new Error(`occurrence ${date} of schedule ${scheduleId} was posted but names no transaction`);
    return { data: { transactionId, schedule: scheduleView(state) } };
  }
}
