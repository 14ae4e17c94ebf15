import { Module } from '@nestjs/common';
import { EventWriter } from '@budget/platform';
import { LedgerLookups } from '../queries/ledger-lookups.js';
import { LedgerViews } from '../queries/transaction-view.js';
import { CategoryTransfersService } from './category-transfers.service.js';
import { CategoryTransferController } from './http/category-transfer.controller.js';
import { CategoryBalancesQuery } from './queries/category-balances.query.js';
import { CategoryQueriesController } from './queries/category-queries.controller.js';
import { FundingInfoQuery } from './queries/funding-info.query.js';
import { RebalancesQuery } from './queries/rebalances.query.js';

/** Funding, rebalances and category transfers with the queries their dialogs read; part of LedgerModule. */
@Module({
  controllers: [CategoryTransferController, CategoryQueriesController],
  providers: [EventWriter, LedgerLookups, LedgerViews, CategoryTransfersService, CategoryBalancesQuery, FundingInfoQuery, RebalancesQuery],
  exports: [CategoryTransfersService],
})
export class CategoryTransfersModule {}
