export * from './domain/index.js';
export { RulesModule } from './rules.module.js';
export { rulesProjections } from './projections.js';
export { RULES_TABLE } from './queries/list-auto-assignments/list-auto-assignments.migrations.js';
