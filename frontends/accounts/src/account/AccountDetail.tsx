import { lazy, Suspense, useState, type UIEvent } from 'react';
import { cx, Tabs, useIsMobile, type Id, type TransactionData } from '@budget/web';
import { BalanceHistory } from '../balances/BalanceHistory.js';
import { tracksBalances, type Account, type Institution } from '../institutions/institution-data.js';
import { StatementList } from '../statements/StatementList.js';
import { AccountHeader } from './AccountHeader.js';
import { AccountRegister } from './AccountRegister.js';

/** The account's scheduled rows arrive on first use (docs/architecture.md §8 "Scheduled transactions"). */
const ScheduledRows = lazy(() => import('../schedules/ScheduledRows.js'));

type DetailTab = 'transactions' | 'pending' | 'balances' | 'statements';

const TABS = [
  { id: 'transactions', label: 'Transactions' },
  { id: 'pending', label: 'Pending' },
  { id: 'balances', label: 'Balances' },
  { id: 'statements', label: 'Statements' },
] as const;

export interface AccountDetailProps {
  account: Account;
  institution: Institution;
  onOpenTransaction: (transaction: TransactionData) => void;
  onConflict: () => void;
  /** The account was closed or reopened: it leaves this tab and is deselected. */
  onMoved: () => void;
}

/** One account: its registers, balance history and statements; Balances accounts show only history. */
export function AccountDetail({ account, institution, onOpenTransaction, onConflict, onMoved }: AccountDetailProps) {
  const [tab, setTab] = useState<DetailTab>('transactions');
  const [statementId, setStatementId] = useState<Id | null>(null);
  // On a phone the header block folds to one line so the register has the screen: when the register
  // is scrolled down (back at its top it unfolds), or by Details (docs/architecture.md §9.8 "Phone and touch").
  const phone = useIsMobile();
  const [fold, setFold] = useState(false);
  const folded = phone && fold;
  const onScrollCapture = (event: UIEvent<HTMLElement>) => {
    const target = event.target;
    if (!phone || !(target instanceof HTMLElement) || !target.classList.contains('ui-register__scroller')) return;
    if (target.scrollTop > 24) setFold(true);
    else if (target.scrollTop <= 0) setFold(false);
  };
  const balancesOnly = tracksBalances(account);
  const shown: DetailTab = balancesOnly ? 'balances' : tab;
  const register = (pending: boolean) => (
    <AccountRegister
      key={pending ? 'pending' : 'posted'}
      account={account}
      offline={institution.offline}
      pending={pending}
      statementId={statementId}
      onStatementChange={setStatementId}
      onOpen={onOpenTransaction}
      onConflict={onConflict}
    />
  );
  return (
    <section aria-label={`${account.name} details`} className={cx('account-detail', folded && 'account-detail--folded')} data-testid="account-detail" onScrollCapture={onScrollCapture}>
      <AccountHeader account={account} institution={institution} onMoved={onMoved} details={phone ? { open: !fold, toggle: () => setFold((folding) => !folding) } : undefined} />
      {balancesOnly ? null : <Tabs label="Account views" tabs={TABS} value={tab} onChange={setTab} />}
      {shown === 'transactions' ? (
        <Suspense fallback={null}>
          <ScheduledRows accountId={account.id} />
        </Suspense>
      ) : null}
      {shown === 'transactions' ? register(false) : null}
      {shown === 'pending' ? register(true) : null}
      {shown === 'balances' ? <BalanceHistory accountId={account.id} editable={balancesOnly} /> : null}
      {shown === 'statements' ? (
        <StatementList accountId={account.id} selectedId={statementId} onSelect={setStatementId} onReconcileRows={() => setTab('transactions')} />
      ) : null}
    </section>
  );
}
