import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoadingBlock } from '@budget/web';
import { AccountsPage } from './institutions/AccountsPage.js';
import { SearchPage } from './search/SearchPage.js';
import './accounts.css';

/** The schedules screen's code arrives on its first use (docs/architecture.md §8 "Scheduled transactions"). */
const SchedulesPage = lazy(() => import('./schedules/SchedulesPage.js'));

/** The accounts remote: institutions with their accounts, transaction search (product-spec §2 Search) and the scheduled transactions. */
export default function App() {
  return (
    <Routes>
      <Route path="/accounts" element={<AccountsPage />} />
      <Route path="/accounts/:accountId" element={<AccountsPage />} />
      <Route path="/search" element={<SearchPage />} />
      <Route
        path="/schedules"
        element={
          <Suspense fallback={<LoadingBlock />}>
            <SchedulesPage />
          </Suspense>
        }
      />
      <Route path="*" element={<Navigate to="/accounts" replace />} />
    </Routes>
  );
}
