import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BudgetReads } from '../../queries/list-groups/budget-reads.js';
import { BudgetCommands } from '../budget-commands.js';
import { ChangeGroupCommand } from './change-group.command.js';

/** Load the budget, decide `ChangeGroup` (fields left out stay as they are), append, answer the group. */
@CommandHandler(ChangeGroupCommand)
export class ChangeGroupHandler implements ICommandHandler<ChangeGroupCommand> {
  constructor(
    @Inject(BudgetCommands) private readonly commands: BudgetCommands,
    @Inject(BudgetReads) private readonly reads: BudgetReads,
  ) {}

  async execute({ userId, groupId, body }: ChangeGroupCommand) {
    const { name, parentGroupId, hidden } = body;
    await this.commands.run({ userId }, { type: 'ChangeGroup', groupId, name, parentGroupId, hidden });
    const group = await this.reads.group(userId, groupId);
    if (!group) throw new Error(`group ${groupId} was changed but is not in the read model`);
    return { data: group };
  }
}
