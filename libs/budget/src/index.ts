export * from './domain/index.js';
export { BudgetProvisioner } from './commands/provision-budget/budget-provisioner.js';
export { loadBudget, appendBudgetEvents, type LoadedBudget, type AppendContext } from './commands/budget-stream.js';
export { BudgetCommands } from './commands/budget-commands.js';
export { PLAN_CATEGORIES_SQL } from './queries/plan-categories.sql.js';
export { BudgetErrorFilter } from './http/budget-error.filter.js';
export { GROUPS_TABLE, CATEGORIES_TABLE } from './queries/list-groups/list-groups.migrations.js';
export { BudgetModule } from './budget.module.js';
export { budgetProjections } from './projections.js';
