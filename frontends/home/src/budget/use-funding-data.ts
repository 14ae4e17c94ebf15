import { useApiData } from '@budget/web';
import { readFundingInfo, readPlanAmounts, readProposals } from './transfer-data.js';

const at = (path: string, date: string) => (date === '' ? null : `${path}?date=${encodeURIComponent(date)}`);

/**
 * What the funding dialog shows beside each category: last month's figures and the balance at the
 * month's start (GET /categories?date), the proposed amounts (GET /funding-plans/proposed?date)
 * and the plan amounts (GET /funding-plans?h=12).
 */
export function useFundingData(date: string) {
  const info = useApiData(at('/api/v1/categories', date), readFundingInfo);
  const proposals = useApiData(at('/api/v1/funding-plans/proposed', date), readProposals);
  const plan = useApiData('/api/v1/funding-plans?h=12', readPlanAmounts);
  return {
    info: info.data ?? null,
    proposals: proposals.data ?? null,
    plan: plan.data ?? null,
    loading: date !== '' && (info.isPending || proposals.isPending),
    failed: proposals.isError || (!proposals.isPending && proposals.data == null),
  };
}
