import { Command } from '@nestjs/cqrs';

/** Delete a schedule: no more occurrences; posted rows stay. */
export class DeleteScheduleCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly scheduleId: string,
  ) {
    super();
  }
}
