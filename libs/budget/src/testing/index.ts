export * from './budget-test-app.js';
export { LedgerStandIn } from './ledger-stand-in.js';
