import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BudgetReads } from '../../queries/list-groups/budget-reads.js';
import { BudgetCommands } from '../budget-commands.js';
import { AddCategoryCommand } from './add-category.command.js';

/** Load the budget, decide `AddCategory`, append, answer the new category with every field. */
@CommandHandler(AddCategoryCommand)
export class AddCategoryHandler implements ICommandHandler<AddCategoryCommand> {
  constructor(
    @Inject(BudgetCommands) private readonly commands: BudgetCommands,
    @Inject(BudgetReads) private readonly reads: BudgetReads,
  ) {}

  async execute({ userId, groupId, body }: AddCategoryCommand) {
    const categoryId = this.commands.newId();
    const fields = { ...body, name: body.name ?? '' };
    await this.commands.run({ userId }, { type: 'AddCategory', categoryId, groupId, fields, today: this.commands.today() });
    const category = await this.reads.category(userId, categoryId);
    if (!category) throw new Error(`category ${categoryId} was added but is not in the read model`);
    return { data: category };
  }
}
