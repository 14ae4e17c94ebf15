import { useState } from 'react';
import { Amount, Tabs, wireCents } from '@budget/web';
import type { Account } from '../institutions/institution-data.js';
import { AccountRegister } from './AccountRegister.js';
import { BalanceHistory } from './BalanceHistory.js';
import { StatementList } from './StatementList.js';

type DetailTab = 'transactions' | 'pending' | 'balances' | 'statements';

const TABS = [
  { id: 'transactions', label: 'Transactions' },
  { id: 'pending', label: 'Pending' },
  { id: 'balances', label: 'Balances' },
  { id: 'statements', label: 'Statements' },
] as const;

/** One account: its registers, balance history and statements; Balances accounts show only history. */
export function AccountDetail({ account }: { account: Account }) {
  const [tab, setTab] = useState<DetailTab>('transactions');
  const balancesOnly = account.tracking === 'Balances';
  const shown: DetailTab = balancesOnly ? 'balances' : tab;
  return (
    <section aria-label={`${account.name} details`} data-testid="account-detail">
      <header className="ui-page-header">
        <h2>{account.name}</h2>
        <Amount cents={wireCents(account.balance)} />
      </header>
      {balancesOnly ? null : <Tabs label="Account views" tabs={TABS} value={tab} onChange={setTab} />}
      {shown === 'transactions' ? <AccountRegister accountId={account.id} pending={false} /> : null}
      {shown === 'pending' ? <AccountRegister accountId={account.id} pending /> : null}
      {shown === 'balances' ? <BalanceHistory accountId={account.id} /> : null}
      {shown === 'statements' ? <StatementList accountId={account.id} /> : null}
    </section>
  );
}
