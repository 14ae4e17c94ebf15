import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BudgetReads } from '../../queries/list-groups/budget-reads.js';
import { BudgetCommands } from '../budget-commands.js';
import { ChangeCategoryCommand } from './change-category.command.js';

/** Load the budget, decide `ChangeCategory` (fields left out stay as they are), append, answer the category. */
@CommandHandler(ChangeCategoryCommand)
export class ChangeCategoryHandler implements ICommandHandler<ChangeCategoryCommand> {
  constructor(
    @Inject(BudgetCommands) private readonly commands: BudgetCommands,
    @Inject(BudgetReads) private readonly reads: BudgetReads,
  ) {}

  async execute({ userId, groupId, categoryId, body }: ChangeCategoryCommand) {
    await this.commands.run({ userId }, { type: 'ChangeCategory', categoryId, groupId, fields: body, today: this.commands.today() });
    const category = await this.reads.category(userId, categoryId);
    if (!category) throw new Error(`category ${categoryId} was changed but is not in the read model`);
    return { data: category };
  }
}
