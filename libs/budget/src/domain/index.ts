export * from './budget.events.js';
export * from './budget.state.js';
export * from './budget-error.js';
export * from './default-budget.js';
export * from './create-budget.decide.js';
export * from './budget.decide.js';
