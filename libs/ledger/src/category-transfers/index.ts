export * from './domain/index.js';
export { CategoryTransfersModule } from './category-transfers.module.js';
export { RecordCategoryTransferCommand } from './commands/record-category-transfer/record-category-transfer.command.js';
export { ChangeCategoryTransferCommand } from './commands/change-category-transfer/change-category-transfer.command.js';
export { CategoryBalancesQuery } from './queries/category-balances/category-balances.query.js';
export { ListCategoriesQuery } from './queries/list-categories/list-categories.query.js';
export { ListRebalancesQuery } from './queries/list-rebalances/list-rebalances.query.js';
export { FUNDING_INFO_SQL, fundingInfoParams } from './queries/list-categories/funding-info.sql.js';
