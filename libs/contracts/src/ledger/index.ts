import type { RouteContract } from '../common/route.js';

/** Every route of the ledger context (product-spec §7). */
export const ledgerRoutes: RouteContract[] = [];
