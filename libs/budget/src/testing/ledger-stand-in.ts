import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  LedgerCategoryBalances, LedgerCategoryDebits, LedgerCategoryInUse, LedgerFundingHistory, LedgerMonthFunded, LedgerMonthStartBalances,
  type CategoryBalanceCents, type CategoryDebitCents, type CategoryFundedCents, type MonthlyFundingCents,
} from '@budget/contracts';

/**
 * What the budget's tests answer for the ledger's public queries when the ledger is not there: a
 * ledger without transactions, unless a test gives balances (cents by category id).
 */
export class LedgerStandIn {
  readonly balances = new Map<string, number>();
}

@QueryHandler(LedgerCategoryBalances)
export class StandInCategoryBalances implements IQueryHandler<LedgerCategoryBalances, CategoryBalanceCents[]> {
  constructor(private readonly ledger: LedgerStandIn) {}

  async execute({ categoryIds }: LedgerCategoryBalances): Promise<CategoryBalanceCents[]> {
    return [...this.ledger.balances]
      .filter(([categoryId]) => categoryIds === null || categoryIds.includes(categoryId))
      .map(([categoryId, balanceCents]) => ({ categoryId, balanceCents }));
  }
}

@QueryHandler(LedgerMonthStartBalances)
export class StandInMonthStartBalances implements IQueryHandler<LedgerMonthStartBalances, CategoryBalanceCents[]> {
  async execute(): Promise<CategoryBalanceCents[]> {
    return [];
  }
}

@QueryHandler(LedgerMonthFunded)
export class StandInMonthFunded implements IQueryHandler<LedgerMonthFunded, CategoryFundedCents[]> {
  async execute(): Promise<CategoryFundedCents[]> {
    return [];
  }
}

@QueryHandler(LedgerCategoryInUse)
export class StandInCategoryInUse implements IQueryHandler<LedgerCategoryInUse, boolean> {
  async execute(): Promise<boolean> {
    return false;
  }
}

@QueryHandler(LedgerFundingHistory)
export class StandInFundingHistory implements IQueryHandler<LedgerFundingHistory, MonthlyFundingCents[]> {
  async execute(): Promise<MonthlyFundingCents[]> {
    return [];
  }
}

@QueryHandler(LedgerCategoryDebits)
export class StandInCategoryDebits implements IQueryHandler<LedgerCategoryDebits, CategoryDebitCents[]> {
  async execute(): Promise<CategoryDebitCents[]> {
    return [];
  }
}

/** The stand-in's providers: `ledger` is the state the balances come from. */
export function ledgerStandInProviders(ledger: LedgerStandIn) {
  return [
    { provide: LedgerStandIn, useValue: ledger },
    { provide: StandInCategoryBalances, useFactory: () => new StandInCategoryBalances(ledger) },
    StandInMonthStartBalances, StandInMonthFunded, StandInCategoryInUse, StandInFundingHistory, StandInCategoryDebits,
  ];
}
