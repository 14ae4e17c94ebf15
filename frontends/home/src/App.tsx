import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoadingBlock } from '@budget/web';
import { BillsPage } from './bills/BillsPage.js';
import { HomePage } from './categories/HomePage.js';
import { AutoAssignmentsPage } from './rules/AutoAssignmentsPage.js';
import './home.css';

/** The month view's code arrives on its first use (docs/architecture.md §9: /home's first load stays light). */
const MonthPage = lazy(() => import('./month/MonthPage.js'));
const month = (
  <Suspense fallback={<LoadingBlock />}>
    <MonthPage />
  </Suspense>
);

/**
 * The budget remote: categories and their registers, bills, and the auto-assignment rules.
 */
export default function App() {
  return (
    <Routes>
      <Route path="/home" element={<HomePage />} />
      <Route path="/home/rebalances" element={<HomePage rebalances />} />
      <Route path="/home/:categoryId" element={<HomePage />} />
      <Route path="/budget" element={month} />
      <Route path="/budget/:month" element={month} />
      <Route path="/bills" element={<BillsPage />} />
      <Route path="/auto-assignments" element={<AutoAssignmentsPage />} />
      <Route path="*" element={<Navigate to="/home" replace />} />
    </Routes>
  );
}
