import { fundingPlan, listCategories, proposedFunding } from '@budget/contracts';
import { useRouteQuery } from '@budget/web';
import { fundingInfoMap, planAmounts, proposalMap } from './transfer-data.js';

const PLAN = { query: { h: 12 } };

/**
 * What the funding dialog shows beside each category: last month's figures and the balance at the
 * month's start (GET /categories?date), the proposed amounts (GET /funding-plans/proposed?date)
 * and the plan amounts (GET /funding-plans?h=12). Any of them failing is an error with a retry.
 */
export function useFundingData(date: string) {
  const onDate = date === '' ? null : { query: { date } };
  const info = useRouteQuery(listCategories, onDate, { select: fundingInfoMap });
  const proposals = useRouteQuery(proposedFunding, onDate, { select: proposalMap });
  const plan = useRouteQuery(fundingPlan, PLAN, { select: planAmounts });
  const queries = [info, proposals, plan];
  const failed = queries.find((query) => query.isError) ?? null;
  return {
    info: info.data ?? null,
    proposals: proposals.data ?? null,
    plan: plan.data ?? null,
    loading: date !== '' && (info.isPending || proposals.isPending || plan.isPending),
    error: failed?.error ?? null,
    retrying: queries.some((query) => query.isFetching),
    retry: () => queries.filter((query) => query.isError).forEach((query) => void query.refetch()),
  };
}
