import { Navigate, Route, Routes } from 'react-router';
import { PlaidLogsPage } from './PlaidLogsPage.js';
import { TransactionLogsPage } from './TransactionLogsPage.js';
import './admin.css';

/** The logs remote: the transaction log (/logs) and, for admins, the provider (Plaid) log (/admin). */
export default function App() {
  return (
    <Routes>
      <Route path="/admin" element={<PlaidLogsPage />} />
      <Route path="/logs" element={<TransactionLogsPage />} />
      <Route path="*" element={<Navigate to="/logs" replace />} />
    </Routes>
  );
}
