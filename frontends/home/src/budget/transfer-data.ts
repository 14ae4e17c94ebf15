import type { Cents } from '@budget/money';
import type {
  categoryBalancesAsOf,
  fundingPlan,
  LedgerTransactionView,
  listCategories,
  proposedFunding,
  recordCategoryTransfer,
  RouteRequest,
  RouteResponse,
} from '@budget/contracts';
import { ApiError, wireCents, type Id } from '@budget/web';

/**
 * What the funding, rebalance and transfer dialogs read, in cents, from the answers of their
 * routes in `@budget/contracts` (GET /categories?date, /funding-plans/proposed, /funding-plans,
 * /category-balances, /transaction/{id}).
 */

/** GET /categories?date=D (spec §3 "Category funding info"), in cents. */
export interface FundingInfo {
  balance: Cents;
  previousFunding: Cents;
  previousBaseAmount: Cents;
  previousSum: Cents;
  previousCatTransfers: Cents;
}

/** The funding information by category; with a date the route answers a list, never the tree. */
export function fundingInfoMap(answer: RouteResponse<typeof listCategories>): Map<Id, FundingInfo> {
  if (!Array.isArray(answer.data)) throw ApiError.invalidResponse(200, answer, 'GET /categories?date= answered the category tree');
  return new Map(
    answer.data.map((row) => [
      row.id,
      {
        balance: wireCents(row.balance),
        previousFunding: wireCents(row.previousFunding),
        previousBaseAmount: wireCents(row.previousBaseAmount),
        previousSum: wireCents(row.previousSum),
        previousCatTransfers: wireCents(row.previousCatTransfers),
      },
    ]),
  );
}

type ProposalView = RouteResponse<typeof proposedFunding>['data'][number];

export interface Proposal {
  /** What the category still needs in the month: `due` less `funded`, never negative. */
  amount: Cents;
  /** What the month asks of it before any funding (its plan, or its goal's share). */
  due: Cents;
  /** What the fundings already dated in the month gave it (their base amounts). */
  funded: Cents;
  adjustedReason: string | null;
  fundingCategories: ProposalView['fundingCategories'];
  includeFundingTransfers: boolean;
}

/** GET /funding-plans/proposed?date=D by category. */
export function proposalMap(answer: RouteResponse<typeof proposedFunding>): Map<Id, Proposal> {
  return new Map(
    answer.data.map((row) => [
      row.categoryId,
      {
        amount: wireCents(row.amount),
        due: wireCents(row.due),
        funded: wireCents(row.funded),
        adjustedReason: row.adjusted ? row.adjustedReason : null,
        fundingCategories: row.fundingCategories,
        includeFundingTransfers: row.includeFundingTransfers,
      },
    ]),
  );
}

/** GET /category-balances?date=D[&id=T] by category, in cents. */
export const balanceMap = (answer: RouteResponse<typeof categoryBalancesAsOf>): Map<Id, Cents> => new Map(answer.map((row) => [row.id, wireCents(row.balance)]));

/** GET /funding-plans?h=12: the plan amount of each category, in cents. */
export const planAmounts = (answer: RouteResponse<typeof fundingPlan>): Map<Id, Cents> =>
  new Map(answer.categories.map((item) => [item.categoryId, wireCents(item.amount)]));

type Split = LedgerTransactionView['categories'][number];

/** The split fields the dialogs read from a stored funding or rebalance. */
export type StoredSplit = Pick<Split, 'categoryId' | 'amount'> & Partial<Pick<Split, 'baseAmount' | 'funder' | 'fundingCategories' | 'includeFundingTransfers'>>;

/** A funding or rebalance as GET /transaction/{id} answers it, with the fields the dialogs read. */
export type StoredTransfer = Pick<LedgerTransactionView, 'id' | 'date' | 'type'> & { version?: number; categories: StoredSplit[] };

/** The body of POST and PATCH /category-transfer, as sent. */
export type TransferBody = NonNullable<RouteRequest<typeof recordCategoryTransfer>['body']>;
