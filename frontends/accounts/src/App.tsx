import { Navigate, Route, Routes } from 'react-router';
import { AccountsPage } from './institutions/AccountsPage.js';
import { SearchPage } from './search/SearchPage.js';
import './accounts.css';

/** The accounts remote: institutions with their accounts, and transaction search (product-spec §2 Search). */
export default function App() {
  return (
    <Routes>
      <Route path="/accounts" element={<AccountsPage />} />
      <Route path="/accounts/:accountId" element={<AccountsPage />} />
      <Route path="/search" element={<SearchPage />} />
      <Route path="*" element={<Navigate to="/accounts" replace />} />
    </Routes>
  );
}
