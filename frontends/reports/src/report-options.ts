import { listConnectedAccounts, PAYMENT_CHANNEL_LABELS, PAYMENT_CHANNELS, type RouteResponse } from '@budget/contracts';
import type { CategoryTree } from '@budget/web';
import type { CheckboxOption } from './CheckboxList.js';

/** The payee report's channels, named as its rows name them. */
export const CHANNEL_OPTIONS: readonly CheckboxOption[] = PAYMENT_CHANNELS.map((channel) => ({ value: channel, label: PAYMENT_CHANNEL_LABELS[channel] }));

/** The open accounts (the payee report counts only those), "Institution — Account", in the institutions' order. */
export function accountOptions(answer: RouteResponse<typeof listConnectedAccounts>): CheckboxOption[] {
  return answer.data.flatMap((institution) =>
    institution.accounts.filter((account) => !account.closed).map((account) => ({ value: account.id, label: `${institution.name} — ${account.name}` })),
  );
}

/** Every category by its group path ("Food:Groceries"), sorted by it. */
export function categoryOptions(tree: CategoryTree): CheckboxOption[] {
  return [...tree.categories.values()].map((category) => ({ value: category.id, label: category.path })).sort((a, b) => a.label.localeCompare(b.label));
}
