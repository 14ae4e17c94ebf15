import { Module } from '@nestjs/common';
import { BudgetProgressController } from './queries/budget-progress/budget-progress.controller.js';
import { BudgetProgressHandler } from './queries/budget-progress/budget-progress.handler.js';
import { BudgetProgressDayController } from './queries/budget-progress-day/budget-progress-day.controller.js';
import { BudgetProgressDayHandler } from './queries/budget-progress-day/budget-progress-day.handler.js';
import { BudgetProgressDaysController } from './queries/budget-progress-days/budget-progress-days.controller.js';
import { BudgetProgressDaysHandler } from './queries/budget-progress-days/budget-progress-days.handler.js';
import { CategoryController } from './queries/category/category.controller.js';
import { CategoryHandler } from './queries/category/category.handler.js';
import { FundingHistoryController } from './queries/funding-history/funding-history.controller.js';
import { FundingHistoryHandler } from './queries/funding-history/funding-history.handler.js';
import { IncomeVsExpensesController } from './queries/income-vs-expenses/income-vs-expenses.controller.js';
import { IncomeVsExpensesHandler } from './queries/income-vs-expenses/income-vs-expenses.handler.js';
import { NetWorthController } from './queries/net-worth/net-worth.controller.js';
import { NetWorthHandler } from './queries/net-worth/net-worth.handler.js';
import { PayeeController } from './queries/payee/payee.controller.js';
import { PayeeHandler } from './queries/payee/payee.handler.js';

/**
 * The reporting context: the six reports (product-spec §7 Reports) and budget progress's days and
 * day for our web client (docs/architecture.md §4.7), read from the reporting projection's
 * pre-aggregates. Needs the global PlatformModule and `CqrsModule.forRoot()`.
 */
@Module({
  controllers: [
    NetWorthController, PayeeController, CategoryController, IncomeVsExpensesController, FundingHistoryController, BudgetProgressController,
    BudgetProgressDaysController, BudgetProgressDayController,
  ],
  providers: [
    NetWorthHandler, PayeeHandler, CategoryHandler, IncomeVsExpensesHandler, FundingHistoryHandler, BudgetProgressHandler,
    BudgetProgressDaysHandler, BudgetProgressDayHandler,
  ],
})
export class ReportingModule {}
