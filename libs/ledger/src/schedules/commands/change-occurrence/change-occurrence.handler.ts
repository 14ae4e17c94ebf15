import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { splitsFrom } from '../../../commands/transaction-context.js';
import { ScheduleCommands } from '../../schedule-commands.js';
import { scheduleView } from '../../schedule-reads.js';
import { ChangeOccurrenceCommand } from './change-occurrence.command.js';

/** Decide `ChangeOccurrence` (the transaction's split rules; at most 31 days' move), append, answer the schedule. */
@CommandHandler(ChangeOccurrenceCommand)
export class ChangeOccurrenceHandler implements ICommandHandler<ChangeOccurrenceCommand> {
  constructor(@Inject(ScheduleCommands) private readonly commands: ScheduleCommands) {}

  async execute({ userId, scheduleId, body }: ChangeOccurrenceCommand) {
    const draft = { date: body.date, postDate: body.postDate, name: body.name, amount: body.amount, splits: body.categories ? splitsFrom(body.categories) : undefined };
    const { state } = await this.commands.run({ userId }, scheduleId, { type: 'ChangeOccurrence', draft });
    return { data: scheduleView(state) };
  }
}
