import { Module } from '@nestjs/common';
import { BudgetProvisioner } from './commands/provision-budget/budget-provisioner.js';
import { ListGroupsController } from './queries/list-groups/list-groups.controller.js';

/**
 * The budget context's HTTP face and use cases. Needs the global PlatformModule (PG_POOL,
 * EVENT_STORE, CLOCK, ID_GENERATOR); its read models are written by the projector
 * (`budgetProjections`), never here.
 */
@Module({
  controllers: [ListGroupsController],
  providers: [BudgetProvisioner],
  exports: [BudgetProvisioner],
})
export class BudgetModule {}
