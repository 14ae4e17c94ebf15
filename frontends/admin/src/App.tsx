import { Navigate, Route, Routes } from 'react-router';
import { NotAvailable } from '@budget/web';
import { TransactionLogsPage } from './TransactionLogsPage.js';
import './admin.css';

/**
 * The logs remote: the transaction log. The admin's provider (Plaid) log has no server route
 * yet, so /admin says so (`PlaidLogsPage` waits for it).
 */
export default function App() {
  return (
    <Routes>
      <Route path="/admin" element={<NotAvailable title="Plaid Logs" />} />
      <Route path="/logs" element={<TransactionLogsPage />} />
      <Route path="*" element={<Navigate to="/logs" replace />} />
    </Routes>
  );
}
