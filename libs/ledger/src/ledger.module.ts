import { Module, type Provider, type Type } from '@nestjs/common';
import { EventWriter } from '@budget/platform';
import { CategoryTransfersModule } from './category-transfers/category-transfers.module.js';
import { SchedulesModule } from './schedules/schedules.module.js';
import { AddAccountController } from './commands/add-account/add-account.controller.js';
import { AddAccountHandler } from './commands/add-account/add-account.handler.js';
import { AddInstitutionController } from './commands/add-institution/add-institution.controller.js';
import { AddInstitutionHandler } from './commands/add-institution/add-institution.handler.js';
import { ChangeAccountController } from './commands/change-account/change-account.controller.js';
import { ChangeAccountHandler } from './commands/change-account/change-account.handler.js';
import { ChangeBalanceController } from './commands/change-balance/change-balance.controller.js';
import { ChangeBalanceHandler } from './commands/change-balance/change-balance.handler.js';
import { ChangeStatementController } from './commands/change-statement/change-statement.controller.js';
import { ChangeStatementHandler } from './commands/change-statement/change-statement.handler.js';
import { CreateStatementController } from './commands/create-statement/create-statement.controller.js';
import { CreateStatementHandler } from './commands/create-statement/create-statement.handler.js';
import { DeleteAccountController } from './commands/delete-account/delete-account.controller.js';
import { DeleteAccountHandler } from './commands/delete-account/delete-account.handler.js';
import { DeleteInstitutionController } from './commands/delete-institution/delete-institution.controller.js';
import { DeleteInstitutionHandler } from './commands/delete-institution/delete-institution.handler.js';
import { DeleteTransactionController } from './commands/delete-transaction/delete-transaction.controller.js';
import { DeleteTransactionHandler } from './commands/delete-transaction/delete-transaction.handler.js';
import { DedupTransactionController } from './commands/dedup-transaction/dedup-transaction.controller.js';
import { DedupTransactionHandler } from './commands/dedup-transaction/dedup-transaction.handler.js';
import { EditTransactionController } from './commands/edit-transaction/edit-transaction.controller.js';
import { EditTransactionHandler } from './commands/edit-transaction/edit-transaction.handler.js';
import { BankFileImporter } from './commands/bank-file-import.js';
import { ImportLeases } from './commands/import-sweep/import-leases.js';
import { ImportSweep } from './commands/import-sweep/import-sweep.js';
import { ImportCsvController } from './commands/import-csv/import-csv.controller.js';
import { ImportCsvHandler } from './commands/import-csv/import-csv.handler.js';
import { ImportOfxController } from './commands/import-ofx/import-ofx.controller.js';
import { ImportOfxHandler } from './commands/import-ofx/import-ofx.handler.js';
import { AssignTransactionsByRuleHandler } from './commands/auto-assign/assign-by-rule.handler.js';
import { UndoTransactionsByRuleHandler } from './commands/auto-assign/undo-by-rule.handler.js';
import { RulesByQuery } from './commands/auto-assign/rules-by-query.js';
import { LedgerUnassignedTransactionsHandler } from './commands/auto-assign/unassigned-transactions.handler.js';
import { BankRowLookups } from './commands/record-bank-rows/bank-row-lookups.js';
import { BANK_ROW_RULES } from './commands/record-bank-rows/bank-row-rules.js';
import { RecordBankFeedHandler } from './commands/record-bank-rows/record-bank-feed.handler.js';
import { RecordBankRowsHandler } from './commands/record-bank-rows/record-bank-rows.handler.js';
import { RecordBalanceController } from './commands/record-balance/record-balance.controller.js';
import { RecordBalanceHandler } from './commands/record-balance/record-balance.handler.js';
import { RecordTransactionController } from './commands/record-transaction/record-transaction.controller.js';
import { RecordTransactionHandler } from './commands/record-transaction/record-transaction.handler.js';
import { RemoveBalanceController } from './commands/remove-balance/remove-balance.controller.js';
import { RemoveBalanceHandler } from './commands/remove-balance/remove-balance.handler.js';
import { RenameInstitutionController } from './commands/rename-institution/rename-institution.controller.js';
import { RenameInstitutionHandler } from './commands/rename-institution/rename-institution.handler.js';
import { ConfirmTransferPairController } from './commands/pair-transfers/confirm-transfer-pair.controller.js';
import { ConfirmTransferPairHandler } from './commands/pair-transfers/confirm-transfer-pair.handler.js';
import { DeclineTransferPairController } from './commands/pair-transfers/decline-transfer-pair.controller.js';
import { DeclineTransferPairHandler } from './commands/pair-transfers/decline-transfer-pair.handler.js';
import { PairLookups } from './commands/pair-transfers/pair-lookups.js';
import { TransferPairing } from './commands/pair-transfers/transfer-pairing.js';
import { TransferCandidatesController } from './queries/transfer-candidates/transfer-candidates.controller.js';
import { TransferCandidatesHandler } from './queries/transfer-candidates/transfer-candidates.handler.js';
import { ledgerPublicCommandHandlers } from './public-commands/index.js';
import { ledgerPublicQueryHandlers } from './public-queries/index.js';
import { AccountRegisterController } from './queries/account-register/account-register.controller.js';
import { AccountRegisterHandler } from './queries/account-register/account-register.handler.js';
import { AccountTypesController } from './queries/account-types/account-types.controller.js';
import { AccountTypesHandler } from './queries/account-types/account-types.handler.js';
import { CategoryRegisterController } from './queries/category-register/category-register.controller.js';
import { ExplainBalanceController } from './queries/explain-balance/explain-balance.controller.js';
import { ExplainBalanceHandler } from './queries/explain-balance/explain-balance.handler.js';
import { CategoryRegisterHandler } from './queries/category-register/category-register.handler.js';
import { ConnectedAccountsController } from './queries/connected-accounts/connected-accounts.controller.js';
import { ConnectedAccountsHandler } from './queries/connected-accounts/connected-accounts.handler.js';
import { GetTransactionController } from './queries/get-transaction/get-transaction.controller.js';
import { GetTransactionHandler } from './queries/get-transaction/get-transaction.handler.js';
import { LedgerLookups } from './queries/ledger-lookups.js';
import { ListBalancesController } from './queries/list-balances/list-balances.controller.js';
import { AccountBankBalanceController } from './queries/account-bank-balance/account-bank-balance.controller.js';
import { AccountBankBalanceHandler } from './queries/account-bank-balance/account-bank-balance.handler.js';
import { RecordBankAdjustmentController } from './commands/record-bank-adjustment/record-bank-adjustment.controller.js';
import { RecordBankAdjustmentHandler } from './commands/record-bank-adjustment/record-bank-adjustment.handler.js';
import { MatchDuplicateController } from './commands/match-duplicate/match-duplicate.controller.js';
import { MatchDuplicateHandler } from './commands/match-duplicate/match-duplicate.handler.js';
import { ListBalancesHandler } from './queries/list-balances/list-balances.handler.js';
import { ListStatementsController } from './queries/list-statements/list-statements.controller.js';
import { ListStatementsHandler } from './queries/list-statements/list-statements.handler.js';
import { PreviewCsvController } from './queries/preview-csv/preview-csv.controller.js';
import { PreviewCsvHandler } from './queries/preview-csv/preview-csv.handler.js';
import { ListPayeesController } from './queries/list-payees/list-payees.controller.js';
import { ListPayeesHandler } from './queries/list-payees/list-payees.handler.js';
import { SearchTransactionsController } from './queries/search-transactions/search-transactions.controller.js';
import { SearchTransactionsHandler } from './queries/search-transactions/search-transactions.handler.js';
import { ExportTransactionsController } from './queries/export-transactions/export-transactions.controller.js';
import { ExportTransactionsHandler } from './queries/export-transactions/export-transactions.handler.js';
import { TransactionLogsController } from './queries/transaction-logs/transaction-logs.controller.js';
import { TransactionLogsHandler } from './queries/transaction-logs/transaction-logs.handler.js';
import { LedgerViews } from './queries/transaction-view.js';
import { TransactionsByIdsController } from './queries/transactions-by-ids/transactions-by-ids.controller.js';
import { TransactionsByIdsHandler } from './queries/transactions-by-ids/transactions-by-ids.handler.js';
import { BulkTransactionsController } from './commands/bulk-transactions/bulk-transactions.controller.js';
import { BulkTransactionsHandler } from './commands/bulk-transactions/bulk-transactions.handler.js';
import { ReviewTransactionsController } from './commands/review-transactions/review-transactions.controller.js';
import { ReviewTransactionsHandler } from './commands/review-transactions/review-transactions.handler.js';
import { NewTransactionsCountController } from './queries/new-transactions-count/new-transactions-count.controller.js';
import { NewTransactionsCountHandler } from './queries/new-transactions-count/new-transactions-count.handler.js';

/** The controllers of a group of use cases, and the handlers they dispatch to. */
interface UseCases {
  controllers: Type[];
  handlers: Provider[];
}

/** Institutions and accounts (product-spec §7 "Institutions and accounts"). */
const institutions: UseCases = {
  controllers: [
    ConnectedAccountsController, AccountTypesController, AddInstitutionController, RenameInstitutionController, DeleteInstitutionController,
    AddAccountController, DeleteAccountController, ChangeAccountController,
  ],
  handlers: [
    ConnectedAccountsHandler, AccountTypesHandler, AddInstitutionHandler, RenameInstitutionHandler, DeleteInstitutionHandler,
    AddAccountHandler, DeleteAccountHandler, ChangeAccountHandler,
  ],
};

/** Registers, account transactions and the transaction log. */
const transactions: UseCases = {
  controllers: [
    AccountRegisterController, CategoryRegisterController, RecordTransactionController, GetTransactionController, EditTransactionController,
    DeleteTransactionController, DedupTransactionController, TransactionLogsController, ExportTransactionsController, SearchTransactionsController, TransactionsByIdsController,
    ExplainBalanceController, ListPayeesController,
  ],
  handlers: [
    AccountRegisterHandler, CategoryRegisterHandler, RecordTransactionHandler, GetTransactionHandler, EditTransactionHandler,
    DeleteTransactionHandler, DedupTransactionHandler, TransactionLogsHandler, ExportTransactionsHandler, SearchTransactionsHandler, TransactionsByIdsHandler,
    ExplainBalanceHandler, ListPayeesHandler,
  ],
};

/** Statements with reconciliation, and balance history. */
const statements: UseCases = {
  controllers: [
    ListStatementsController, CreateStatementController, ChangeStatementController, ListBalancesController, RecordBalanceController,
    AccountBankBalanceController, RecordBankAdjustmentController, MatchDuplicateController,
    ChangeBalanceController, RemoveBalanceController,
  ],
  handlers: [
    ListStatementsHandler, CreateStatementHandler, ChangeStatementHandler, ListBalancesHandler, RecordBalanceHandler, ChangeBalanceHandler,
    AccountBankBalanceHandler, RecordBankAdjustmentHandler, MatchDuplicateHandler,
    RemoveBalanceHandler,
  ],
};

/** OFX and CSV import. */
const imports: UseCases = {
  controllers: [ImportOfxController, PreviewCsvController, ImportCsvController],
  // ImportSweep: imports a crash cut short are finished when a process starts and then periodically (docs/architecture.md §8).
  handlers: [BankFileImporter, ImportLeases, ImportSweep, RulesByQuery, LedgerUnassignedTransactionsHandler, AssignTransactionsByRuleHandler, UndoTransactionsByRuleHandler, ImportOfxHandler, PreviewCsvHandler, ImportCsvHandler],
};

/** Bank-feed rows (Plaid sync): dispatched by the worker's sync jobs, no route of their own. */
const bankFeeds: UseCases = {
  controllers: [],
  handlers: [BankRowLookups, RecordBankRowsHandler, RecordBankFeedHandler],
};

/** Transfers between the user's own accounts found among bank rows (README "Transfer pairs"). */
const transferPairs: UseCases = {
  controllers: [TransferCandidatesController, ConfirmTransferPairController, DeclineTransferPairController],
  handlers: [PairLookups, TransferPairing, TransferCandidatesHandler, ConfirmTransferPairHandler, DeclineTransferPairHandler],
};

/** The register's review state and bulk actions (docs/architecture.md §4.6 "Review state", "Bulk actions"). */
const review: UseCases = {
  controllers: [ReviewTransactionsController, BulkTransactionsController, NewTransactionsCountController],
  handlers: [ReviewTransactionsHandler, BulkTransactionsHandler, NewTransactionsCountHandler],
};

const useCases = [institutions, transactions, statements, imports, bankFeeds, transferPairs, review];

/**
 * The ledger context: institutions, accounts, transactions, registers, statements, balance
 * history, imports and the transaction log, a folder per use case. Controllers dispatch through
 * the CommandBus / QueryBus of the app's CqrsModule. Needs the global PlatformModule and a
 * PROJECTION_WAITER; its read models are written by `ledgerProjection` in the projector.
 */
@Module({
  imports: [CategoryTransfersModule, SchedulesModule],
  controllers: useCases.flatMap((u) => u.controllers),
  providers: [
    EventWriter, LedgerLookups, LedgerViews, ...useCases.flatMap((u) => u.handlers),
    // Bank feeds ask the auto-assignment rules through the same seam as OFX/CSV imports.
    { provide: BANK_ROW_RULES, useExisting: RulesByQuery }, ...ledgerPublicQueryHandlers, ...ledgerPublicCommandHandlers],
})
export class LedgerModule {}
