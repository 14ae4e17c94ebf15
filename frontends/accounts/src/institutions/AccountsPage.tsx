import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ListDetail, LoadingBlock, recall, remember, Tabs, useApiData } from '@budget/web';
import { AccountDetail } from '../account/AccountDetail.js';
import { AccountsToolbar } from './AccountsToolbar.js';
import { InstitutionList } from './InstitutionList.js';
import { CONNECTED_ACCOUNTS_PATH, findAccount, institutionsForTab, readInstitutions, tabOf, type AccountsTab } from './institution-data.js';

const TABS = [
  { id: 'opened', label: 'Opened' },
  { id: 'closed', label: 'Closed' },
] as const;

/** /accounts and /accounts/:accountId: institutions by tab beside the selected account. */
export function AccountsPage() {
  const { accountId } = useParams();
  const navigate = useNavigate();
  const [tab, setTab] = useState<AccountsTab>(() => (recall('accountsTab') === 'closed' ? 'closed' : 'opened'));
  const { data: institutions, isPending } = useApiData(CONNECTED_ACCOUNTS_PATH, readInstitutions);
  const all = institutions ?? [];
  const selected = accountId === undefined ? null : findAccount(all, accountId);
  const misplaced = accountId !== undefined && !isPending && (selected === null || tabOf(selected) !== tab);

  useEffect(() => {
    if (accountId !== undefined && !isPending) remember('account', misplaced ? null : accountId);
  }, [accountId, isPending, misplaced]);

  if (misplaced) return <Navigate to="/accounts" replace />;

  const changeTab = (next: AccountsTab) => {
    remember('accountsTab', next);
    setTab(next);
  };
  const empty = all.length === 0 ? 'No institutions yet' : 'No closed accounts';
  const list = isPending ? (
    <LoadingBlock />
  ) : (
    <InstitutionList institutions={institutionsForTab(all, tab)} selectedId={selected?.id ?? null} empty={empty} />
  );

  return (
    <div className="accounts">
      <AccountsToolbar selected={selected} />
      <Tabs label="Accounts" tabs={TABS} value={tab} onChange={changeTab} />
      <ListDetail
        list={list}
        detail={selected ? <AccountDetail key={selected.id} account={selected} /> : null}
        detailOpen={selected !== null}
        onBack={() => navigate('/accounts')}
      />
    </div>
  );
}
