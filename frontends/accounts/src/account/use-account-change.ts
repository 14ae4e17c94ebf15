import { changeAccount } from '@budget/contracts';
import { GENERIC_ERROR, sendFailure, toFormErrors, useLedgerRefresh, useWriteAction, type Id } from '@budget/web';

export type ChangeResult = { ok: true } | { ok: false; error: string };

/** PATCH /account/{id} (`changeAccount`) with {closed}, {name} or Account Settings' {startDate, tracking}; the institution list reloads after it. */
export function useAccountChange(accountId: Id) {
  const changing = useWriteAction();
  const refresh = useLedgerRefresh();
  return async (change: { closed: boolean } | { name: string } | { startDate: string; tracking: string }): Promise<ChangeResult> => {
    try {
      const response = await changing.send(changeAccount, { params: { id: accountId }, body: change });
      if (!response.ok) {
        const errors = toFormErrors(response.body, ['name', 'closed', 'startDate', 'tracking']);
        return { ok: false, error: errors?.fields.name ?? errors?.fields.startDate ?? errors?.fields.tracking ?? errors?.general ?? GENERIC_ERROR };
      }
      await refresh();
      return { ok: true };
    } catch (error) {
      return { ok: false, error: sendFailure(error) };
    }
  };
}
