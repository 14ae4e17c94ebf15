import { Module } from '@nestjs/common';
import { EventWriter } from '@budget/platform';
import { LedgerLookups } from '../queries/ledger-lookups.js';
import { LedgerViews } from '../queries/transaction-view.js';
import { ChangeCategoryTransferController } from './commands/change-category-transfer/change-category-transfer.controller.js';
import { ChangeCategoryTransferHandler } from './commands/change-category-transfer/change-category-transfer.handler.js';
import { RecordCategoryTransferController } from './commands/record-category-transfer/record-category-transfer.controller.js';
import { RecordCategoryTransferHandler } from './commands/record-category-transfer/record-category-transfer.handler.js';
import { CategoryBalancesController } from './queries/category-balances/category-balances.controller.js';
import { CategoryBalancesHandler } from './queries/category-balances/category-balances.handler.js';
import { ListCategoriesController } from './queries/list-categories/list-categories.controller.js';
import { ListCategoriesHandler } from './queries/list-categories/list-categories.handler.js';
import { ListRebalancesController } from './queries/list-rebalances/list-rebalances.controller.js';
import { ListRebalancesHandler } from './queries/list-rebalances/list-rebalances.handler.js';

/**
 * Funding, rebalances and category transfers with the queries their dialogs read; part of
 * LedgerModule. Controllers dispatch through the CommandBus / QueryBus of the app's CqrsModule.
 */
@Module({
  controllers: [
    RecordCategoryTransferController, ChangeCategoryTransferController,
    CategoryBalancesController, ListCategoriesController, ListRebalancesController,
  ],
  providers: [
    EventWriter, LedgerLookups, LedgerViews,
    RecordCategoryTransferHandler, ChangeCategoryTransferHandler,
    CategoryBalancesHandler, ListCategoriesHandler, ListRebalancesHandler,
  ],
})
export class CategoryTransfersModule {}
