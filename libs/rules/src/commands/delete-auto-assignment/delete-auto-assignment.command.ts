import { Command } from '@nestjs/cqrs';

/** Delete one of the caller's rules. */
export class DeleteAutoAssignmentCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly ruleId: string,
  ) {
    super();
  }
}
