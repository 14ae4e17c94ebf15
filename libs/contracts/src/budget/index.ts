import type { RouteContract } from '../common/route.js';
import { addGroup } from './groups.js';

export * from './groups.js';

/** Every route of the budget context (product-spec §7 "Categories and funding", bills). */
export const budgetRoutes: RouteContract[] = [addGroup];
