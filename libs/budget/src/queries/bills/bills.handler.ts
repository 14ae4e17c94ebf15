import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LedgerCategoryDebits, type CategoryDebitCents, type listBills, type RouteResponse } from '@budget/contracts';
import { dollarsFromCents, firstOfMonth, nextDueDate } from '@budget/money';
import { CLOCK, PG_POOL, type Clock, type Pool } from '@budget/platform';
import { billCategories } from './bills.sql.js';
import { BillsQuery } from './bills.query.js';

/**
 * GET /api/v1/bills (server-behaviour §4.5): every BILL category with its next due date (a past
 * goal date rolled forward whole recurrences) as `goalDate`, "" when it has none, and `debits`,
 * the sum of its negative splits since the first of this month as the ledger answers it
 * (`LedgerCategoryDebits`; null when there are none); sorted by next due date, bills without one last.
 */
@QueryHandler(BillsQuery)
export class BillsHandler implements IQueryHandler<BillsQuery, RouteResponse<typeof listBills>> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId }: BillsQuery): Promise<RouteResponse<typeof listBills>> {
    const today = this.clock.now().toISOString().slice(0, 10);
    const bills = await billCategories(this.pool, userId);
    const debits = await this.queries.execute<LedgerCategoryDebits, CategoryDebitCents[]>(
      new LedgerCategoryDebits(userId, bills.map((b) => b.id), firstOfMonth(today)),
    );
    const debitsOf = new Map(debits.map((d) => [d.categoryId, d.debitsCents]));
    return bills
      .map((bill) => {
        const debit = debitsOf.get(bill.id);
        return {
          id: bill.id,
          name: bill.name,
          fundingAmount: dollarsFromCents(bill.fundingAmount),
          goalDate: bill.goalDate ? nextDueDate(bill.goalDate, today, bill.recurrence) : '',
          recurrence: bill.recurrence,
          suspended: bill.suspended,
          debits: debit === undefined ? null : dollarsFromCents(debit),
        };
      })
      .sort((a, b) => (a.goalDate || '9999').localeCompare(b.goalDate || '9999') || a.name.localeCompare(b.name));
  }
}
