import { Module } from '@nestjs/common';
import { EventWriter } from '@budget/platform';
import { AddCategoryController } from './commands/add-category/add-category.controller.js';
import { AddCategoryHandler } from './commands/add-category/add-category.handler.js';
import { AddGroupController } from './commands/add-group/add-group.controller.js';
import { AddGroupHandler } from './commands/add-group/add-group.handler.js';
import { BudgetCommands } from './commands/budget-commands.js';
import { ChangeCategoryController } from './commands/change-category/change-category.controller.js';
import { ChangeCategoryHandler } from './commands/change-category/change-category.handler.js';
import { ChangeGroupController } from './commands/change-group/change-group.controller.js';
import { ChangeGroupHandler } from './commands/change-group/change-group.handler.js';
import { DeleteCategoryController } from './commands/delete-category/delete-category.controller.js';
import { DeleteCategoryHandler } from './commands/delete-category/delete-category.handler.js';
import { DeleteGroupController } from './commands/delete-group/delete-group.controller.js';
import { DeleteGroupHandler } from './commands/delete-group/delete-group.handler.js';
import { BudgetProvisioner } from './commands/provision-budget/budget-provisioner.js';
import { SetPlanItemController } from './commands/set-plan-item/set-plan-item.controller.js';
import { SetPlanItemHandler } from './commands/set-plan-item/set-plan-item.handler.js';
import { BillsController } from './queries/bills/bills.controller.js';
import { BudgetMonthController } from './queries/budget-month/budget-month.controller.js';
import { BudgetMonthHandler } from './queries/budget-month/budget-month.handler.js';
import { BillsHandler } from './queries/bills/bills.handler.js';
import { FundingPlanController } from './queries/funding-plan/funding-plan.controller.js';
import { FundingPlanHandler } from './queries/funding-plan/funding-plan.handler.js';
import { BudgetReads } from './queries/list-groups/budget-reads.js';
import { ListGroupsController } from './queries/list-groups/list-groups.controller.js';
import { ListGroupsHandler } from './queries/list-groups/list-groups.handler.js';
import { ProposedFundingController } from './queries/proposed-funding/proposed-funding.controller.js';
import { ProposedFundingHandler } from './queries/proposed-funding/proposed-funding.handler.js';

/**
 * The budget context's HTTP face and use cases: groups, categories, funding plans, bills. Needs the
 * global PlatformModule (PG_POOL, EVENT_STORE, CLOCK, ID_GENERATOR), a PROJECTION_WAITER and the
 * buses of `CqrsModule.forRoot()`; its read models are written by the projector
 * (`budgetProjections`), never here. What it needs of the ledger (balances, funding, debits, whether
 * a category is in use) it asks through the ledger's public queries on the QueryBus.
 */
@Module({
  controllers: [
    ListGroupsController, AddGroupController, ChangeGroupController, DeleteGroupController,
    AddCategoryController, ChangeCategoryController, DeleteCategoryController,
    SetPlanItemController, ProposedFundingController, FundingPlanController, BillsController,
    BudgetMonthController,
  ],
  providers: [
    BudgetProvisioner, EventWriter, BudgetCommands, BudgetReads,
    ListGroupsHandler, AddGroupHandler, ChangeGroupHandler, DeleteGroupHandler,
    AddCategoryHandler, ChangeCategoryHandler, DeleteCategoryHandler,
    SetPlanItemHandler, ProposedFundingHandler, FundingPlanHandler, BillsHandler,
    BudgetMonthHandler,
  ],
  exports: [BudgetProvisioner],
})
export class BudgetModule {}
