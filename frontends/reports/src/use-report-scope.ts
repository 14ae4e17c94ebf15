import { z } from 'zod';
import { idSchema, readList, useApiData, useCategories, type Id } from '@budget/web';
import type { ReportScope } from './report-types.js';

const institutionAccounts = z.object({
  accounts: z.array(z.object({ id: idSchema, closed: z.boolean().nullish() })).nullish(),
});

/** The ids of the open accounts, from GET /api/v1/connected-accounts. */
function readOpenAccountIds(body: unknown): Id[] | null {
  const institutions = readList(institutionAccounts, body);
  return institutions?.flatMap((i) => (i.accounts ?? []).filter((a) => !a.closed).map((a) => a.id)) ?? null;
}

/** Every open account and every category: what the Payee and Category reports cover. */
export function useReportScope(): ReportScope {
  const { data: accountIds } = useApiData('/api/v1/connected-accounts', readOpenAccountIds);
  const { data: tree } = useCategories();
  return { accountIds: accountIds ?? [], categoryIds: tree ? [...tree.categories.keys()] : [] };
}
