import { listAccountTypes, type RouteResponse } from '@budget/contracts';
import { useRouteQuery } from '@budget/web';

/** The type → subtypes catalogue and the tracking modes, as GET /account-types answers them. */
export type AccountCatalogue = RouteResponse<typeof listAccountTypes>['data'];

const selectCatalogue = (answer: RouteResponse<typeof listAccountTypes>) => answer.data;

/** GET /account-types (`listAccountTypes`). */
export function useAccountTypes() {
  return useRouteQuery(listAccountTypes, {}, { select: selectCatalogue });
}

/** Abbreviations of the catalogue (product-spec §3), spelt as people write them. */
const SPELLINGS: Record<string, string> = Object.fromEntries(
  ['hsa', 'cd', 'ebt', 'ira', 'tfsa', 'isa', 'gic', 'lif', 'lira', 'lrif', 'lrsp', 'prif', 'qshr', 'rdsp', 'resp', 'rlif', 'rrif', 'rrsp', 'sarsep', 'sep', 'sipp', 'ugma', 'utma']
    .map((word) => [word, word.toUpperCase()])
    .concat([['paypal', 'PayPal'], ['401k', '401(k)'], ['401a', '401(a)'], ['403b', '403(b)'], ['457b', '457(b)']]),
);

/** An account type or subtype as the drop-downs show it: "money market" → "Money Market", "hsa" → "HSA", "sep ira" → "SEP IRA". */
export const accountTypeLabel = (value: string) =>
  value
    .split(' ')
    .map((word) => SPELLINGS[word] ?? word.replace(/^[a-z]/, (letter) => letter.toUpperCase()))
    .join(' ');
