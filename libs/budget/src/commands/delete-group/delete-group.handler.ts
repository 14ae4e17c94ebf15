import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BudgetCommands } from '../budget-commands.js';
import { DeleteGroupCommand } from './delete-group.command.js';

/** Load the budget, decide `DeleteGroup`, append. */
@CommandHandler(DeleteGroupCommand)
export class DeleteGroupHandler implements ICommandHandler<DeleteGroupCommand> {
  constructor(@Inject(BudgetCommands) private readonly commands: BudgetCommands) {}

  async execute({ userId, groupId }: DeleteGroupCommand): Promise<void> {
    await this.commands.run({ userId }, { type: 'DeleteGroup', groupId });
  }
}
