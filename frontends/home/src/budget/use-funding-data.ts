import { categoryBalancesAsOf, fundingPlan, listCategories, proposedFunding } from '@budget/contracts';
import { useRouteQuery } from '@budget/web';
import { balanceMap, fundingInfoMap, planAmounts, proposalMap } from './transfer-data.js';

const PLAN = { query: { h: 12 } };

/**
 * What the funding dialog shows beside each category: its balance as of the date (GET
 * /category-balances?date — Home's balance for that date; without the edited funding when one is
 * edited, so balance + amount is the result), last month's figures (GET /categories?date), the
 * proposed amounts (GET /funding-plans/proposed?date) and the plan amounts (GET
 * /funding-plans?h=12). Any of them failing is an error with a retry. A save invalidates them all:
 * while an invalidated answer is fetched again the dialog waits for it rather than showing what
 * was proposed before the last funding. That wait is the form's first showing for a date only:
 * once it is up, a change made elsewhere (another device, a bank's sync) is fetched in the
 * background and its figures come in where they are, as swapping the form for a spinner would
 * take away the field the user is typing in, and their next keys with it.
 */
export function useFundingData(date: string, editedId: string | null) {
  const onDate = date === '' ? null : { query: { date } };
  const balances = useRouteQuery(categoryBalancesAsOf, date === '' ? null : { query: { date, id: editedId ?? undefined } }, { select: balanceMap });
  const info = useRouteQuery(listCategories, onDate, { select: fundingInfoMap });
  const proposals = useRouteQuery(proposedFunding, onDate, { select: proposalMap });
  const plan = useRouteQuery(fundingPlan, PLAN, { select: planAmounts });
  const queries = [balances, info, proposals, plan];
  const failed = queries.find((query) => query.isError) ?? null;
  // Out-of-date answers are waited for until fetched once for this dialog and date (TanStack's
  // `isFetchedAfterMount`, which starts over when the date changes the query); later fetches are the background's.
  const waiting = (query: (typeof queries)[number]) => query.isPending || (query.isFetching && query.isStale && !query.isFetchedAfterMount);
  return {
    balances: balances.data ?? null,
    info: info.data ?? null,
    proposals: proposals.data ?? null,
    plan: plan.data ?? null,
    loading: date !== '' && queries.some(waiting),
    error: failed?.error ?? null,
    retrying: queries.some((query) => query.isFetching),
    retry: () => queries.filter((query) => query.isError).forEach((query) => void query.refetch()),
  };
}
