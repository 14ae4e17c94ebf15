import type { RouteContract } from '../common/route.js';
import { categoryTransferRoutes } from './category-transfers.js';

export * from './category-transfers.js';

/** Every route of the ledger context (product-spec §7). */
export const ledgerRoutes: RouteContract[] = [...categoryTransferRoutes];
