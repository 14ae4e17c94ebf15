import { listAccountTypes, type RouteResponse } from '@budget/contracts';
import { useRouteQuery } from '@budget/web';

/** The type → subtypes catalogue and the tracking modes, as GET /account-types answers them. */
export type AccountCatalogue = RouteResponse<typeof listAccountTypes>['data'];

const selectCatalogue = (answer: RouteResponse<typeof listAccountTypes>) => answer.data;

/** GET /account-types (`listAccountTypes`). */
export function useAccountTypes() {
  return useRouteQuery(listAccountTypes, {}, { select: selectCatalogue });
}

/** "money market" → "Money Market", for the drop-downs. */
export const titleCase = (value: string) => value.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
