import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BudgetReads } from '../../queries/list-groups/budget-reads.js';
import { BudgetCommands } from '../budget-commands.js';
import { AddGroupCommand } from './add-group.command.js';

/** Load the budget, decide `AddGroup`, append, answer the new group from the read model. */
@CommandHandler(AddGroupCommand)
export class AddGroupHandler implements ICommandHandler<AddGroupCommand> {
  constructor(
    @Inject(BudgetCommands) private readonly commands: BudgetCommands,
    @Inject(BudgetReads) private readonly reads: BudgetReads,
  ) {}

  async execute({ userId, body }: AddGroupCommand) {
    const groupId = this.commands.newId();
    await this.commands.run({ userId }, { type: 'AddGroup', groupId, name: body.name ?? '', parentGroupId: body.parentGroupId ?? null });
    const group = await this.reads.group(userId, groupId);
    if (!group) throw new Error(`group ${groupId} was added but is not in the read model`);
    return { data: group };
  }
}
