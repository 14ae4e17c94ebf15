import { listConnectedAccounts, type RouteResponse } from '@budget/contracts';
import { useCategories, useRouteQuery, type Id } from '@budget/web';
import type { ReportScope } from './report-types.js';

/** The ids of the open accounts, from GET /connected-accounts. */
const openAccountIds = (answer: RouteResponse<typeof listConnectedAccounts>): Id[] =>
  answer.data.flatMap((institution) => institution.accounts.filter((account) => !account.closed).map((account) => account.id));

/** Every open account and every category: what the Payee and Category reports cover. */
export function useReportScope(): ReportScope {
  const { data: accountIds } = useRouteQuery(listConnectedAccounts, {}, { select: openAccountIds });
  const { data: tree } = useCategories();
  return { accountIds: accountIds ?? [], categoryIds: tree ? [...tree.categories.keys()] : [] };
}
