export * from './projection-harness.js';
export * from './ledger-testbed.js';
export * from './ledger-oracle.js';
export * from './fixtures/ofx.js';
