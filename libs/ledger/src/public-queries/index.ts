import { LedgerAccountInInstitutionHandler } from './ledger-account-in-institution.handler.js';
import { LedgerCategoryBalancesHandler } from './ledger-category-balances.handler.js';
import { LedgerCategoryDebitsHandler } from './ledger-category-debits.handler.js';
import { LedgerCategoryInUseHandler } from './ledger-category-in-use.handler.js';
import { LedgerCategoryMonthsHandler } from './ledger-category-months.handler.js';
import { LedgerFundingHistoryHandler } from './ledger-funding-history.handler.js';
import { LedgerMonthFundedHandler } from './ledger-month-funded.handler.js';
import { LedgerMonthStartBalancesHandler } from './ledger-month-start-balances.handler.js';

export { MONTH_FUNDED_SQL } from './ledger-month-funded.handler.js';
export { MONTH_START_BALANCES_SQL } from './ledger-month-start-balances.handler.js';

/**
 * The ledger's answers to its public queries (`libs/contracts/src/messages/ledger-queries.ts`):
 * the only way other contexts read the ledger. Registered as providers of `LedgerModule`.
 */
export const ledgerPublicQueryHandlers = [
  LedgerCategoryBalancesHandler,
  LedgerMonthStartBalancesHandler,
  LedgerMonthFundedHandler,
  LedgerCategoryInUseHandler,
  LedgerFundingHistoryHandler,
  LedgerCategoryDebitsHandler,
  LedgerAccountInInstitutionHandler,
  LedgerCategoryMonthsHandler,
];
