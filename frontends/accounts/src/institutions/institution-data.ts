import type { LedgerAccountView, LedgerInstitutionView } from '@budget/contracts';
import type { Id } from '@budget/web';

/** An account and an institution as GET /connected-accounts answers them (`@budget/contracts`). */
export type Account = LedgerAccountView;
export type Institution = LedgerInstitutionView;
export type AccountsTab = 'opened' | 'closed';

const byNameThenId = (a: Account, b: Account) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * The institutions a tab lists, each with only the accounts of that tab, sorted by name then id.
 * Opened shows every institution (a new offline one has no account yet); Closed only those
 * holding closed accounts.
 */
export function institutionsForTab(institutions: readonly Institution[], tab: AccountsTab): Institution[] {
  const closed = tab === 'closed';
  return institutions
    .map((institution) => ({
      ...institution,
      accounts: institution.accounts.filter((account) => account.closed === closed).sort(byNameThenId),
    }))
    .filter((institution) => !closed || institution.accounts.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function findAccount(institutions: readonly Institution[], accountId: Id): Account | null {
  return findInstitutionOf(institutions, accountId)?.account ?? null;
}

/** The account with its institution, or null when no institution holds it. */
export function findInstitutionOf(institutions: readonly Institution[], accountId: Id): { institution: Institution; account: Account } | null {
  for (const institution of institutions) {
    const account = institution.accounts.find((candidate) => candidate.id === accountId);
    if (account) return { institution, account };
  }
  return null;
}

export const TRACKING = { Transactions: 'Transactions', Uncategorized: 'Uncategorized Transactions', Balances: 'Balances' } as const;

/** Balances-tracked accounts keep a balance history instead of transactions. */
export const tracksBalances = (account: Account | null | undefined) => account?.tracking === TRACKING.Balances;

/** The tab an account belongs in. */
export const tabOf = (account: Account): AccountsTab => (account.closed ? 'closed' : 'opened');
