import type { RouteContract } from '../common/route.js';
import { bankBalanceRoutes } from './bank-balance.js';
import { bulkRoutes } from './bulk.js';
import { categoryTransferRoutes } from './category-transfers.js';
import { explainRoutes } from './explain.js';
import { exportRoutes } from './export.js';
import { importRoutes } from './imports.js';
import { institutionRoutes } from './institutions.js';
import { payeeRoutes } from './payees.js';
import { scheduleRoutes } from './schedules.js';
import { searchRoutes } from './search.js';
import { statementRoutes } from './statements.js';
import { transactionRoutes } from './transactions.js';
import { transferPairRoutes } from './transfer-pairs.js';

export * from './bank-balance.js';
export * from './category-transfers.js';
export * from './explain.js';
export * from './export.js';
export * from './views.js';
export * from './institutions.js';
export * from './transactions.js';
export * from './statements.js';
export * from './imports.js';
export * from './search.js';
export * from './payees.js';
export * from './transfer-pairs.js';
export * from './schedules.js';
export * from './bulk.js';

/** Every route of the ledger context (product-spec §7). */
export const ledgerRoutes: RouteContract[] = [...institutionRoutes, ...transactionRoutes, ...statementRoutes, ...importRoutes, ...categoryTransferRoutes, ...searchRoutes, ...transferPairRoutes, ...bankBalanceRoutes, ...explainRoutes, ...payeeRoutes, ...scheduleRoutes, ...bulkRoutes, ...exportRoutes];
