import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { listConnectedAccounts } from '@budget/contracts';
import { ListDetail, LoadError, LoadingBlock, recall, recordPath, remember, Tabs, useEveryPage, useTransactionEditor } from '@budget/web';
import { AccountDetail } from '../account/AccountDetail.js';
import { useBankSync } from '../online/use-bank-sync.js';
import { TransferCandidates } from '../transfers/TransferCandidates.js';
import { AccountsDialogs, type AccountsDialogsProps } from './AccountsDialogs.js';
import { AccountsToolbar } from './AccountsToolbar.js';
import { InstitutionList } from './InstitutionList.js';
import { findInstitutionOf, institutionsForTab, tabOf, type AccountsTab } from './institution-data.js';

const TABS = [
  { id: 'opened', label: 'Opened' },
  { id: 'closed', label: 'Closed' },
] as const;

/** /accounts and /accounts/:accountId: institutions by tab beside the selected account. */
export function AccountsPage() {
  const { accountId } = useParams();
  const navigate = useNavigate();
  const editor = useTransactionEditor();
  const [tab, setTab] = useState<AccountsTab>(() => (recall('accountsTab') === 'closed' ? 'closed' : 'opened'));
  const [dialog, setDialog] = useState<AccountsDialogsProps['open']>(null);
  // Every page of institutions: the sidebar lists them all.
  const connected = useEveryPage(listConnectedAccounts, {});
  // A failed load is not "no institutions": nothing is selected or moved while it is unknown.
  const isPending = connected.isPending || connected.isError;
  const all = connected.data?.data ?? [];
  const bankSync = useBankSync(all);
  const located = accountId === undefined ? null : findInstitutionOf(all, accountId);
  const misplaced = accountId !== undefined && !isPending && (located === null || tabOf(located.account) !== tab);
  // A gone (just deleted) or misplaced account's route sends to /accounts; the list stays on the
  // screen while it does, with nothing selected, instead of a blank page for a moment.
  const found = misplaced ? null : located;
  const selected = found?.account ?? null;

  useEffect(() => {
    if (accountId !== undefined && !isPending) remember('account', misplaced ? null : accountId);
  }, [accountId, isPending, misplaced]);

  const changeTab = (next: AccountsTab) => {
    remember('accountsTab', next);
    setTab(next);
  };
  const deselect = () => {
    remember('account', null);
    navigate('/accounts');
  };
  const showCreated = (newAccountId: string | null) => {
    changeTab('opened');
    if (newAccountId !== null) navigate(recordPath('/accounts', newAccountId));
  };
  const empty = all.length === 0 ? 'No institutions yet' : 'No closed accounts';
  const list = connected.isError ? (
    <LoadError what="Your accounts" error={connected.error} onRetry={() => void connected.refetch()} retrying={connected.isFetching} />
  ) : isPending ? (
    <LoadingBlock />
  ) : (
    <InstitutionList
      institutions={institutionsForTab(all, tab)}
      selectedId={selected?.id ?? null}
      empty={empty}
      onAccountCreated={showCreated}
      onInstitutionDeleted={(institution) => {
        if (found?.institution.id === institution.id) deselect();
      }}
    />
  );
  const detail = found ? (
    <AccountDetail
      key={found.account.id}
      account={found.account}
      institution={found.institution}
      onOpenTransaction={(transaction) => editor.open({ transaction, accountType: found.account.type })}
      onConflict={editor.conflict}
      onMoved={deselect}
    />
  ) : null;

  return (
    <div className="accounts">
      {/* The page's one h1 (docs/architecture.md §9); the selected account's name heads its details. */}
      <h1 className="ui-visually-hidden">Accounts</h1>
      {misplaced ? <Navigate to="/accounts" replace /> : null}
      <AccountsToolbar
        selected={selected}
        syncing={bankSync.syncing}
        context={{ institutions: all.length > 0, linked: all.some((institution) => !institution.offline) }}
        onAction={(action) => {
          if (action === 'transaction') return selected && editor.open({ accountId: selected.id, accountType: selected.type });
          if (action === 'sync') return void bankSync.sync(null);
          setDialog(action);
        }}
      />
      {bankSync.element}
      <TransferCandidates />
      <Tabs label="Accounts" tabs={TABS} value={tab} onChange={changeTab} />
      <ListDetail list={list} detail={detail} detailOpen={selected !== null} onBack={deselect} />
      <AccountsDialogs
        open={dialog}
        selected={selected}
        onClose={() => setDialog(null)}
        onInstitutionCreated={(newAccountId) => {
          setDialog(null);
          showCreated(newAccountId);
        }}
      />
      {editor.element}
    </div>
  );
}
