// The shared register over five rows, its list refreshing on demand: the page register-refresh.spec.ts drives in Chromium.
import '../ui/theme.css';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Register, type RegisterList } from './Register.js';
import { accountAmount, toRegisterRows } from './register-rows.js';
import { transaction } from './transaction.testing.js';

declare global {
  interface Window {
    /** Starts or ends a background refresh of the register's list. */
    setRefreshing: (refreshing: boolean) => void;
    /** The ids of the rows opened, in order. */
    opened: string[];
  }
}
window.opened = [];

const rows = toRegisterRows(
  [1, 2, 3, 4, 5].map((n) => transaction({ id: `t${n}`, date: `2026-11-0${n}`, accountTransaction: { name: `Payee ${n}`, amount: -n * 100 } })),
  { amountOf: accountAmount, detailOf: () => 'Groceries', balance: null },
);

function Scene() {
  const [refreshing, setRefreshing] = useState(false);
  useEffect(() => {
    window.setRefreshing = setRefreshing;
  }, []);
  const list: RegisterList = {
    loading: false,
    failed: false,
    error: null,
    loadingMore: false,
    complete: true,
    refreshing,
    loadMore: () => undefined,
    reload: () => Promise.resolve(),
    retry: () => undefined,
  };
  return (
    <main style={{ display: 'flex', flexDirection: 'column', height: '600px' }}>
      <Register label="Transactions" rows={rows} list={list} detailHeader="Category" showBalance={false} empty="No transactions yet" onOpen={(row) => window.opened.push(row.id)} />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Scene />);
