/** What the first-run guide needs to know of an institution and a category. */
interface InstitutionLike { accounts: readonly unknown[] }
interface CategoryLike { type: string; balance: number }

const SYSTEM_TYPES = new Set(['UNASSIGNED', 'FUNDING POOL', 'ACCOUNT TRANSFER']);

/**
 * Where a new budget stands: whether it has an account, and whether any category of the user's
 * own holds money (was funded). Null once both are true — the guide is done and not shown.
 */
export function firstRunSteps(
  institutions: readonly InstitutionLike[],
  categories: readonly CategoryLike[],
): { account: boolean; funded: boolean } | null {
  const account = institutions.some((i) => i.accounts.length > 0);
  const funded = categories.some((c) => !SYSTEM_TYPES.has(c.type) && c.balance !== 0);
  return account && funded ? null : { account, funded };
}
