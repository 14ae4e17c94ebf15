export * from './cents.js';
export * from './equation.js';
export * from './funding-spread.js';
export * from './funding-build.js';
export * from './goal-dates.js';
export * from './goal.js';
export * from './limits.js';
export * from './typed-amount.js';
