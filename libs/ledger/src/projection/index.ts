export * from './ledger.projection.js';
export * from './ledger.migrations.js';
export * from './membership.js';
