import type { RouteContract } from '../common/route.js';
import { clientReportRoutes, reportRoutes } from './reports.js';

export * from './reports.js';

/** Every route of the reporting context: the spec's reports (product-spec §7 Reports) and our client's. */
export const reportingRoutes: RouteContract[] = [...reportRoutes, ...clientReportRoutes];
