export * from './domain/index.js';
export { BudgetProvisioner } from './commands/provision-budget/budget-provisioner.js';
export { loadBudget, appendBudgetEvents, type LoadedBudget, type AppendContext } from './commands/budget-stream.js';
export { listGroups, type GroupsView, type GroupView, type CategoryView } from './queries/list-groups/list-groups.query.js';
export { GROUPS_TABLE, CATEGORIES_TABLE } from './queries/list-groups/list-groups.migrations.js';
export { BudgetModule } from './budget.module.js';
export { budgetProjections } from './projections.js';
