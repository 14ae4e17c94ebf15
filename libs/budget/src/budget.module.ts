import { Module } from '@nestjs/common';
import { EventWriter } from '@budget/platform';
import { AddCategoryController } from './commands/add-category/add-category.controller.js';
import { AddGroupController } from './commands/add-group/add-group.controller.js';
import { AddGroupHandler } from './commands/add-group/add-group.handler.js';
import { BudgetCommands } from './commands/budget-commands.js';
import { ChangeCategoryController } from './commands/change-category/change-category.controller.js';
import { ChangeGroupController } from './commands/change-group/change-group.controller.js';
import { DeleteCategoryController } from './commands/delete-category/delete-category.controller.js';
import { DeleteGroupController } from './commands/delete-group/delete-group.controller.js';
import { BudgetProvisioner } from './commands/provision-budget/budget-provisioner.js';
import { SetPlanItemController } from './commands/set-plan-item/set-plan-item.controller.js';
import { BillsController } from './queries/bills/bills.controller.js';
import { BillsQuery } from './queries/bills/bills.query.js';
import { FundingPlansController } from './queries/funding-plans/funding-plans.controller.js';
import { FundingPlansQuery } from './queries/funding-plans/funding-plans.query.js';
import { ListGroupsController } from './queries/list-groups/list-groups.controller.js';

/**
 * The budget context's HTTP face and use cases: groups, categories, funding plans, bills. Needs the
 * global PlatformModule (PG_POOL, EVENT_STORE, CLOCK, ID_GENERATOR) and a PROJECTION_WAITER; its
 * read models are written by the projector (`budgetProjections`), never here. Funding plans, bills
 * and the category delete guard read the ledger's split read model by SQL only.
 */
@Module({
  controllers: [
    ListGroupsController, AddGroupController, ChangeGroupController, DeleteGroupController,
    AddCategoryController, ChangeCategoryController, DeleteCategoryController,
    SetPlanItemController, FundingPlansController, BillsController,
  ],
  providers: [BudgetProvisioner, EventWriter, BudgetCommands, FundingPlansQuery, BillsQuery, AddGroupHandler],
  exports: [BudgetProvisioner],
})
export class BudgetModule {}
