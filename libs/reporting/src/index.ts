export { ReportingModule } from './reporting.module.js';
export { reportingProjection } from './projection/reporting.projection.js';
export { PROGRESS_BACKFILL_SQL, reportingMigrations, reportingTables } from './projection/reporting.migrations.js';
// The reports' SQL, for a benchmark to time raw (tools/ledger-bench).
export { edgeRange, type Db, type EdgeRange } from './queries/report-range.js';
export { netWorthBucket, netWorthEarliest, netWorthSql, netWorthTable } from './queries/net-worth/net-worth.sql.js';
export { payeeSql } from './queries/payee/payee.sql.js';
export { categorySql } from './queries/category/category.sql.js';
export { incomeVsExpensesSql } from './queries/income-vs-expenses/income-vs-expenses.sql.js';
export { fundingHistorySql } from './queries/funding-history/funding-history.sql.js';
export { budgetProgressSql } from './queries/budget-progress/budget-progress.sql.js';
export { budgetProgressDaysSql } from './queries/budget-progress-days/budget-progress-days.sql.js';
export { budgetProgressDaySql } from './queries/budget-progress-day/budget-progress-day.sql.js';
