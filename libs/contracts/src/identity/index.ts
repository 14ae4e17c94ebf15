import type { RouteContract } from '../common/route.js';

/** Every route of the identity context (product-spec §7). */
export const identityRoutes: RouteContract[] = [];
