import { Module } from '@nestjs/common';
import { EventWriter } from '@budget/platform';
import { CategoryTransfersModule } from './category-transfers/category-transfers.module.js';
import { AddAccountController } from './commands/add-account/add-account.controller.js';
import { AddAccountHandler } from './commands/add-account/add-account.handler.js';
import { AddInstitutionController } from './commands/add-institution/add-institution.controller.js';
import { AddInstitutionHandler } from './commands/add-institution/add-institution.handler.js';
import { ChangeAccountController } from './commands/change-account/change-account.controller.js';
import { ChangeAccountHandler } from './commands/change-account/change-account.handler.js';
import { DeleteAccountController } from './commands/delete-account/delete-account.controller.js';
import { DeleteAccountHandler } from './commands/delete-account/delete-account.handler.js';
import { DeleteInstitutionController } from './commands/delete-institution/delete-institution.controller.js';
import { DeleteInstitutionHandler } from './commands/delete-institution/delete-institution.handler.js';
import { ImportService } from './commands/import.service.js';
import { RenameInstitutionController } from './commands/rename-institution/rename-institution.controller.js';
import { RenameInstitutionHandler } from './commands/rename-institution/rename-institution.handler.js';
import { StatementsService } from './commands/statements.service.js';
import { TransactionsService } from './commands/transactions.service.js';
import { ImportController } from './http/import.controller.js';
import { StatementsController } from './http/statements.controller.js';
import { TransactionsController } from './http/transactions.controller.js';
import { ledgerPublicQueryHandlers } from './public-queries/index.js';
import { AccountTypesController } from './queries/account-types/account-types.controller.js';
import { AccountTypesHandler } from './queries/account-types/account-types.handler.js';
import { ConnectedAccountsController } from './queries/connected-accounts/connected-accounts.controller.js';
import { ConnectedAccountsHandler } from './queries/connected-accounts/connected-accounts.handler.js';
import { HistoryQuery } from './queries/history.query.js';
import { LedgerLookups } from './queries/ledger-lookups.js';
import { RegistersQuery } from './queries/registers.query.js';
import { StatementsQuery } from './queries/statements.query.js';
import { LedgerViews } from './queries/transaction-view.js';

/** Institutions and accounts (product-spec §7 "Institutions and accounts"). */
const institutions = {
  controllers: [
    ConnectedAccountsController, AccountTypesController, AddInstitutionController, RenameInstitutionController, DeleteInstitutionController,
    AddAccountController, DeleteAccountController, ChangeAccountController,
  ],
  handlers: [
    ConnectedAccountsHandler, AccountTypesHandler, AddInstitutionHandler, RenameInstitutionHandler, DeleteInstitutionHandler,
    AddAccountHandler, DeleteAccountHandler, ChangeAccountHandler,
  ],
};

/**
 * The ledger context: institutions, accounts, transactions, registers, statements, balance
 * history, imports and the transaction log. Controllers dispatch through the CommandBus /
 * QueryBus of the app's CqrsModule. Needs the global PlatformModule and a PROJECTION_WAITER; its
 * read models are written by `ledgerProjection` in the projector.
 */
@Module({
  imports: [CategoryTransfersModule],
  controllers: [...institutions.controllers, TransactionsController, StatementsController, ImportController],
  providers: [
    EventWriter, LedgerLookups, LedgerViews, ...institutions.handlers,
    TransactionsService, StatementsService, ImportService, RegistersQuery, StatementsQuery, HistoryQuery,
    ...ledgerPublicQueryHandlers,
  ],
})
export class LedgerModule {}
