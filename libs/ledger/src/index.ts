export * from './domain/index.js';
export * from './projection/index.js';
export { LedgerModule } from './ledger.module.js';
export { LedgerLookups } from './queries/ledger-lookups.js';
export { LedgerViews } from './queries/transaction-view.js';
export * from './category-transfers/index.js';
export { MONTH_FUNDED_SQL, MONTH_START_BALANCES_SQL } from './public-queries/index.js';
export { REGISTER_PAGE_SQL, REGISTER_SIZE_SQL } from './queries/register-page.sql.js';
