import { Navigate, Route, Routes } from 'react-router';
import { NotAvailable } from '@budget/web';
import { BillsPage } from './bills/BillsPage.js';
import { HomePage } from './categories/HomePage.js';
import './home.css';

/**
 * The budget remote: categories and their registers, and bills. Auto-assignment rules have no
 * server routes yet: their page says so (`rules/AutoAssignmentsPage` waits for them).
 */
export default function App() {
  return (
    <Routes>
      <Route path="/home" element={<HomePage />} />
      <Route path="/home/rebalances" element={<HomePage rebalances />} />
      <Route path="/home/:categoryId" element={<HomePage />} />
      <Route path="/bills" element={<BillsPage />} />
      <Route path="/auto-assignments" element={<NotAvailable title="Auto Assign" />} />
      <Route path="*" element={<Navigate to="/home" replace />} />
    </Routes>
  );
}
