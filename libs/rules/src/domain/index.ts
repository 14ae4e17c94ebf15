export * from './rule.events.js';
export * from './rules-error.js';
export * from './rules.decide.js';
export * from './match.js';
export * from './preview.js';
export * from './applications.js';
