import { Command } from '@nestjs/cqrs';

/** Delete one of the caller's groups (only an empty regular one goes). */
export class DeleteGroupCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly groupId: string,
  ) {
    super();
  }
}
