import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ScheduleCommands } from '../../schedule-commands.js';
import { DeleteScheduleCommand } from './delete-schedule.command.js';

@CommandHandler(DeleteScheduleCommand)
export class DeleteScheduleHandler implements ICommandHandler<DeleteScheduleCommand> {
  constructor(@Inject(ScheduleCommands) private readonly commands: ScheduleCommands) {}

  async execute({ userId, scheduleId }: DeleteScheduleCommand): Promise<void> {
    await this.commands.run({ userId }, scheduleId, { type: 'DeleteSchedule' });
  }
}
