import { Module } from '@nestjs/common';
import { EventWriter } from '@budget/platform';
import { AccountsService } from './commands/accounts.service.js';
import { ImportService } from './commands/import.service.js';
import { CategoryTransfersModule } from './category-transfers/category-transfers.module.js';
import { StatementsService } from './commands/statements.service.js';
import { TransactionsService } from './commands/transactions.service.js';
import { ImportController } from './http/import.controller.js';
import { InstitutionsController } from './http/institutions.controller.js';
import { StatementsController } from './http/statements.controller.js';
import { TransactionsController } from './http/transactions.controller.js';
import { AccountsQuery } from './queries/accounts.query.js';
import { HistoryQuery } from './queries/history.query.js';
import { LedgerLookups } from './queries/ledger-lookups.js';
import { RegistersQuery } from './queries/registers.query.js';
import { StatementsQuery } from './queries/statements.query.js';
import { LedgerViews } from './queries/transaction-view.js';

/**
 * The ledger context: institutions, accounts, transactions, registers, statements, balance
 * history, imports and the transaction log. Needs the global PlatformModule and a
 * PROJECTION_WAITER; its read models are written by `ledgerProjection` in the projector.
 */
@Module({
  imports: [CategoryTransfersModule],
  controllers: [InstitutionsController, TransactionsController, StatementsController, ImportController],
  providers: [
    EventWriter, AccountsService, TransactionsService, StatementsService, ImportService,
    LedgerLookups, LedgerViews, RegistersQuery, AccountsQuery, StatementsQuery, HistoryQuery,
  ],
  exports: [TransactionsService, LedgerLookups, LedgerViews],
})
export class LedgerModule {}
