import { Navigate, Route, Routes } from 'react-router';
import { NotAvailable } from '@budget/web';
import { AccountsPage } from './institutions/AccountsPage.js';
import './accounts.css';

/**
 * The accounts remote: institutions with their accounts. Transaction search has no server route
 * (nor contract) yet: its page says so.
 */
export default function App() {
  return (
    <Routes>
      <Route path="/accounts" element={<AccountsPage />} />
      <Route path="/accounts/:accountId" element={<AccountsPage />} />
      <Route path="/search" element={<NotAvailable title="Search" />} />
      <Route path="*" element={<Navigate to="/accounts" replace />} />
    </Routes>
  );
}
