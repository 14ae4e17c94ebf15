import type { RouteContract } from './common/route.js';
import { budgetRoutes } from './budget/index.js';
import { identityRoutes } from './identity/index.js';
import { ledgerRoutes } from './ledger/index.js';
import { bankSyncRoutes } from './bank-sync/index.js';
import { rulesRoutes } from './rules/index.js';
import { reportingRoutes } from './reporting/index.js';
import { systemRoutes } from './system/index.js';

export * from './common/fields.js';
export * from './common/route.js';
export * from './common/pages.js';
export * from './system/index.js';
export * from './identity/index.js';
export * from './budget/index.js';
export * from './ledger/index.js';
export * from './rules/index.js';
export * from './reporting/index.js';
export * from './messages/ledger-queries.js';
export * from './messages/ledger-month-queries.js';
export * from './messages/rules-queries.js';
export * from './messages/auto-assign-messages.js';
export * from './messages/bank-feed-commands.js';
export * from './bank-sync/index.js';
export * from './messages/ledger-commands.js';
export * from './messages/bank-sync-commands.js';
export * from './messages/identity-queries.js';

/** Every route of `/api/v1`: what the API serves, the OpenAPI document lists and the tests walk. */
export const apiRoutes: readonly RouteContract[] = [...systemRoutes, ...identityRoutes, ...budgetRoutes, ...ledgerRoutes, ...rulesRoutes, ...bankSyncRoutes, ...reportingRoutes];
