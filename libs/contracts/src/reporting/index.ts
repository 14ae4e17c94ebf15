import type { RouteContract } from '../common/route.js';
import { reportRoutes } from './reports.js';

export * from './reports.js';

/** Every route of the reporting context (product-spec §7 Reports). */
export const reportingRoutes: RouteContract[] = [...reportRoutes];
