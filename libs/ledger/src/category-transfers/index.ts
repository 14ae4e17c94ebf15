export * from './domain/index.js';
export { CategoryTransfersService, type CategoryTransferInput } from './category-transfers.service.js';
export { CategoryTransfersModule } from './category-transfers.module.js';
export { CategoryBalancesQuery } from './queries/category-balances.query.js';
export { FundingInfoQuery, FUNDING_INFO_SQL, fundingInfoParams } from './queries/funding-info.query.js';
export { RebalancesQuery } from './queries/rebalances.query.js';
