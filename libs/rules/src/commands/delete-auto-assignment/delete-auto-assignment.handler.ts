import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RulesCommands } from '../rules-commands.js';
import { DeleteAutoAssignmentCommand } from './delete-auto-assignment.command.js';

/** Decide `DeleteAutoAssignment` (another user's rule, or a deleted one, is not found) and append. */
@CommandHandler(DeleteAutoAssignmentCommand)
export class DeleteAutoAssignmentHandler implements ICommandHandler<DeleteAutoAssignmentCommand> {
  constructor(@Inject(RulesCommands) private readonly commands: RulesCommands) {}

  async execute({ userId, ruleId }: DeleteAutoAssignmentCommand): Promise<void> {
    await this.commands.run({ userId }, { type: 'DeleteAutoAssignment', ruleId });
  }
}
