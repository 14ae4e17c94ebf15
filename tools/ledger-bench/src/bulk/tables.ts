/**
 * Every table the bulk load reads or writes, named once: the event store's log, the ledger's read
 * models (libs/ledger/src/projection/ledger.migrations.ts) and the one column of the budget's
 * category read model the ledger owns. SQL text interpolates only these names; values are bound.
 */
export const TABLES = {
  events: 'es_events',
  institutions: 'ledger_institutions',
  accounts: 'ledger_accounts',
  transactions: 'ledger_transactions',
  splits: 'ledger_splits',
  categoryMonths: 'ledger_category_months',
  registerRows: 'ledger_register_rows',
  registerBlocks: 'ledger_register_blocks',
  categoryBalances: 'ledger_category_balances',
  transactionLogs: 'ledger_transaction_logs',
  budgetCategories: 'budget_categories',
  /** Per-transaction scratch rows for the registers, dropped at commit. */
  newRegisterRows: 'ledger_bench_new_register_rows',
} as const;

/** What the bulk load changes, so a caller can VACUUM/ANALYZE exactly these afterwards. */
export const WRITTEN_TABLES = [
  TABLES.events,
  TABLES.accounts,
  TABLES.transactions,
  TABLES.splits,
  TABLES.categoryMonths,
  TABLES.registerRows,
  TABLES.registerBlocks,
  TABLES.categoryBalances,
  TABLES.transactionLogs,
  TABLES.budgetCategories,
] as const;
