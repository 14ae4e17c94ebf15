import {
  accountAmount,
  categoryNames,
  LoadingBlock,
  PAGE_SIZE,
  readRegisterPage,
  RegisterTable,
  toRegisterRows,
  useApiData,
  useCategories,
  wireCents,
  type Id,
} from '@budget/web';

/** An account's posted or pending transactions, newest first. */
export function AccountRegister({ accountId, pending }: { accountId: Id; pending: boolean }) {
  const path = `/api/v1/account/${encodeURIComponent(accountId)}/transactions?offset=0&limit=${PAGE_SIZE}${pending ? '&pending=1' : ''}`;
  const { data: page, isPending } = useApiData(path, readRegisterPage);
  const { data: tree } = useCategories();
  if (isPending) return <LoadingBlock />;
  const rows = toRegisterRows(page?.transactions ?? [], {
    amountOf: accountAmount,
    detailOf: (transaction) => categoryNames(transaction, tree),
    // Pending rows are not in the account balance, so they carry no running balance.
    balance: pending || page?.balance == null ? null : wireCents(page.balance),
  });
  return (
    <RegisterTable
      rows={rows}
      detailHeader="Category"
      showBalance={!pending}
      empty={pending ? 'No pending transactions' : 'No transactions yet'}
      label={pending ? 'Pending transactions' : 'Transactions'}
    />
  );
}
